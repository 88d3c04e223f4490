export { service } from './service';
export { resultsConfigSchema, type ResultsConfig, type ResultsContext } from './config';
