export { service } from './service';
export { fulfillmentConfigSchema, type FulfillmentConfig, type FulfillmentContext } from './config';
