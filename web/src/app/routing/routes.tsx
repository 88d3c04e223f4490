/**
 * The router's routes: the route table (routeTable.ts: path, title, access) with each route's page. Every path
 * of the table has exactly one page here (a Record over its paths), so neither can gain a route alone.
 */
import type { AppRoute } from './appRoute';
import { lazyPage } from './lazyPage';
import { ROUTE_TABLE, type RoutePath } from './routeTable';
import { LoginPage } from '../../features/auth/LoginPage';

// The sign-in page is in the app's first chunk, where most visits start; every other page is a chunk of its own.
const ProfilePage = lazyPage(() => import('../../features/profile/ProfilePage'));
const NotAvailablePage = lazyPage(() => import('./NotAvailablePage').then((m) => ({ default: m.NotAvailablePage })));
const NotFoundPage = lazyPage(() => import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

const PAGES: Readonly<Record<RoutePath, AppRoute['Page']>> = {
  '/login': LoginPage,
  // An e-mailed link's page, rarely opened: a chunk of its own, outside the sign-in page's budget.
  '/set-password': lazyPage(() => import('../../features/auth/SetPasswordPage')),

  '/dashboard': NotAvailablePage,
  '/profile': ProfilePage,
  '/contact': lazyPage(() => import('../../features/contact/ContactPage')),

  '/patients': lazyPage(() => import('../../features/patients/PatientListPage')),
  '/patients/new': lazyPage(() =>
    import('../../features/patients/PatientFormPage').then((m) => ({ default: m.NewPatientPage })),
  ),
  '/patients/:id': lazyPage(() => import('../../features/patients/PatientDetailPage')),
  '/patients/:id/edit': lazyPage(() =>
    import('../../features/patients/PatientFormPage').then((m) => ({ default: m.EditPatientPage })),
  ),

  '/tests': lazyPage(() => import('../../features/tests/TestRequestListPage')),
  '/tests/new': lazyPage(() =>
    import('../../features/tests/TestRequestFormPage').then((m) => ({ default: m.NewTestRequestPage })),
  ),
  '/tests/:id': lazyPage(() => import('../../features/tests/TestRequestDetailPage')),
  '/tests/:id/edit': lazyPage(() =>
    import('../../features/tests/TestRequestFormPage').then((m) => ({ default: m.EditTestRequestPage })),
  ),

  '/inventory': NotAvailablePage,
  '/inventory/new': NotAvailablePage,
  '/inventory/:id': NotAvailablePage,
  '/inventory/:id/edit': NotAvailablePage,

  '/fulfillment': NotAvailablePage,
  '/fulfillment/:id': NotAvailablePage,

  '/results': NotAvailablePage,
  '/results/new': NotAvailablePage,
  '/results/:id': NotAvailablePage,
  '/results/:id/edit': NotAvailablePage,

  '/users': lazyPage(() => import('../../features/users/UserListPage')),
  '/users/new': lazyPage(() => import('../../features/users/UserFormPage').then((m) => ({ default: m.NewUserPage }))),
  '/users/:id': lazyPage(() => import('../../features/users/UserDetailPage')),
  '/users/:id/edit': lazyPage(() =>
    import('../../features/users/UserFormPage').then((m) => ({ default: m.EditUserPage })),
  ),

  '/institutions': lazyPage(() => import('../../features/institutions/InstitutionListPage')),
  '/institutions/new': lazyPage(() =>
    import('../../features/institutions/InstitutionFormPage').then((m) => ({ default: m.NewInstitutionPage })),
  ),
  '/institutions/:id': lazyPage(() => import('../../features/institutions/InstitutionDetailPage')),
  '/institutions/:id/edit': lazyPage(() =>
    import('../../features/institutions/InstitutionFormPage').then((m) => ({ default: m.EditInstitutionPage })),
  ),

  '/cms': lazyPage(() => import('../../features/cms/CmsPage')),
  '/cms/cron-monitoring': lazyPage(() => import('../../features/monitoring/CronMonitoringPage')),
  '/analytics': NotAvailablePage,

  '/*': NotFoundPage,
};

export const APP_ROUTES: readonly AppRoute[] = ROUTE_TABLE.map((route) => ({ ...route, Page: PAGES[route.path] }));
