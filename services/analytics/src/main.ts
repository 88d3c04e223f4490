import { launch } from '@labline/service-kit/launch';

await launch('analytics', () => import('./service'));
