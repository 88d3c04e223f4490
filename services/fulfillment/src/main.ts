import { launch } from '@labline/service-kit/launch';

await launch('fulfillment', () => import('./service'));
