import type { EventStore } from '@labline/eventstore';
import type { DatabasePool } from 'slonik';
import type { PasswordHasher } from '../security/passwords';

/** What identity's commands write with. */
export interface CommandDependencies {
  pool: DatabasePool;
  store: EventStore;
  passwords: PasswordHasher;
}
