import { launch } from '@labline/service-kit/launch';

await launch('inventory', () => import('./service'));
