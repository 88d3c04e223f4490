import { IDENTITY_EVENT_SCHEMAS } from '@labline/contracts';
import { createCommandHandler } from '@labline/service-kit';
import { projectIdentityEvents } from '../projections';

export { violationToHttpError, type CommandOptions } from '@labline/service-kit';

/** identity's commands: its event schemas, projected inline into its read models. */
export const { handleCommand, toDomainEvent } = createCommandHandler(IDENTITY_EVENT_SCHEMAS, projectIdentityEvents);
