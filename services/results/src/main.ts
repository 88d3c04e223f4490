import { launch } from '@labline/service-kit/launch';

await launch('results', () => import('./service'));
