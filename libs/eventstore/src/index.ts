export * from './types';
export * from './checkpoint';
export * from './decider';
export * from './expected-version';
export * from './migrations';
export * from './postgres';
export * from './eventstoredb/adapter';
