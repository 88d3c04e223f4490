/**
 * `@labline/gateway`: what a system test needs to build the gateway in-process, as `main.ts` builds it.
 * Importing it starts nothing (no telemetry, no listener); `main.ts` is the process entry point.
 */
export { buildGateway, type GatewayOptions } from './app';
export { envSchema, gatewayConfigFromEnv, type GatewayConfig, type GatewayEnv, type RateLimitConfig } from './config';
export { watchDeactivatedUsers, type DeactivatedUsers } from './deactivations';
