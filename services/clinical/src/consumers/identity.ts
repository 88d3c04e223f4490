import { startConsumer, type DurableConsumer } from '@labline/bus';
import type { Logger } from '@labline/telemetry';
import type { NatsConnection } from 'nats';
import type { DatabasePool } from 'slonik';
import { projectIdentityEvent } from '../projections/directory/projection';

export const IDENTITY_DIRECTORY_CONSUMER = 'clinical-identity-directory';

/** The durable consumer that keeps clinical's institutions and users up to date from identity's events. */
export function startIdentityDirectoryConsumer(options: {
  nc: NatsConnection;
  pool: DatabasePool;
  logger?: Logger;
}): Promise<DurableConsumer> {
  return startConsumer({
    nc: options.nc,
    pool: options.pool,
    durableName: IDENTITY_DIRECTORY_CONSUMER,
    filterSubjects: ['lab.identity.institution.>', 'lab.identity.user.>'],
    handle: (event, transaction) => projectIdentityEvent(transaction, event),
    ...(options.logger ? { logger: options.logger } : {}),
  });
}
