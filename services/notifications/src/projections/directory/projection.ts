import { identityDirectoryProjection as identityDirectory } from '@labline/service-kit';

/**
 * Institutions and users as identity's events describe them: names for the log, callers' current roles and
 * institutions, the contact form's sender, and ended sessions. Kept by the durable consumer
 * `notifications-identity-directory` (service-kit's identity directory).
 */
// 2: institutions keep their address too, as every service's directory does (the start-up rebuild fills it in).
export const identityDirectoryProjection = identityDirectory({ version: 2 });
