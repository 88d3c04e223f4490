export * from './server';
export * from './inbound';
export * from './config';
export * from './signature';
export * from './twilio-shapes';
