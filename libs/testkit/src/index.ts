export * from './infra';
export * from './database';
export * from './events';
export * from './nats';
export * from './tokens';
export * from './wait';
