export * from './logger';
export * from './trace';
export * from './sdk';
