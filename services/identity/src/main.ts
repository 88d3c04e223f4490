import { launch } from '@labline/service-kit/launch';

await launch('identity', () => import('./service'));
