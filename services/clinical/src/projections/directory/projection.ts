import { identityDirectoryProjection as identityDirectory } from '@labline/service-kit';

/**
 * institutions (with their addresses) and users as identity's events describe them: names for the patient
 * screens, the clinicians of each institution for the patient form's rules, and who is still active; and the
 * sessions identity has ended. Kept by the durable consumer `clinical-identity-directory` (service-kit's
 * identity directory).
 */
// 2: ended sessions are followed too (a rebuild fills them in from identity's past events).
export const identityDirectoryProjection = identityDirectory({ version: 2 });
