export * from './access';
export * from './display';
export * from './errors';
export * from './events/envelope';
export * from './events/identity';
export * from './http/common';
export * from './http/auth';
