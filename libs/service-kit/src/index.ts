export * from './app';
export * from './auth';
export * from './config';
export * from './context';
export * from './errors';
export * from './health';
export * from './jwt';
export * from './run';
