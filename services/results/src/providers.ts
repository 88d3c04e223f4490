import { createFhirProvider } from '@labline/external-lab';
import type { LabProviders } from './commands/external-orders';
import type { ResultsConfig } from './config';

/**
 * The external laboratories this deployment talks to, from its configuration: the FHIR R4 adapter when
 * EXTERNAL_LAB_FHIR_URL is set (issue 27), none otherwise (a submission then answers 503 naming the provider).
 */
export function labProvidersFrom(
  config: Pick<ResultsConfig, 'EXTERNAL_LAB_FHIR_URL' | 'EXTERNAL_LAB_TIMEOUT_MS'>,
): LabProviders {
  if (config.EXTERNAL_LAB_FHIR_URL === undefined) return new Map();
  return new Map([
    ['fhir', createFhirProvider({ baseUrl: config.EXTERNAL_LAB_FHIR_URL, timeoutMs: config.EXTERNAL_LAB_TIMEOUT_MS })],
  ]);
}
