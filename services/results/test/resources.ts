import type { TestKeys } from '@labline/testkit';
import type { ResultsResources } from '../src/config';

/** The service's resources in a test that talks to no external laboratory: the test keys, no provider. */
export const withoutLaboratory = (keys: TestKeys): ResultsResources => ({
  keys: { jwks: keys.jwks },
  labProviders: new Map(),
});
