export * from './server';
export * from './config';
export * from './catalogue';
