import { launch } from '@labline/service-kit/launch';

await launch('notifications', () => import('./service'));
