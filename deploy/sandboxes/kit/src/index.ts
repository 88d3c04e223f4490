export * from './http';
export * from './page';
export * from './process';
