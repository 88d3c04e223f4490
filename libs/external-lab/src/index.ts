export * from './provider';
export * from './match';
export * from './fhir';
