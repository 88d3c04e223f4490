export { createFhirProvider, type FhirProviderOptions } from './provider';
export { orderBundle } from './order-bundle';
export { observationOf, orderStateOf, resultsOf } from './read';
export { FHIR_SYSTEMS } from './systems';
