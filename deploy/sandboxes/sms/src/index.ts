export * from './server';
export * from './config';
export * from './signature';
export * from './twilio-shapes';
