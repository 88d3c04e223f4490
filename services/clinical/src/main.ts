import { launch } from '@labline/service-kit/launch';

await launch('clinical', () => import('./service'));
