import { CLINICAL_EVENT_SCHEMAS } from '@labline/contracts';
import { createCommandHandler } from '@labline/service-kit';
import { projectClinicalEvents } from '../projections';

export { violationToHttpError, type CommandOptions } from '@labline/service-kit';

/** clinical's commands: its event schemas, projected inline into its read models (read-your-writes). */
export const { handleCommand, toDomainEvent } = createCommandHandler(CLINICAL_EVENT_SCHEMAS, projectClinicalEvents);
