export * from './server';
export * from './mime';
export * from './config';
