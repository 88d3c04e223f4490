export * from './infra';
export * from './database';
export * from './events';
export * from './tokens';
export * from './wait';
