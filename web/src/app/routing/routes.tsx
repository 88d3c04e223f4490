/**
 * The route table of spec 3 §2 as data: path, title, the section that guards it (null: any signed-in user),
 * and the page. The router is built from this array; the side navigation is drawn from the same sections
 * (NAVIGATION in @labline/contracts), so a route and its navigation entry are granted by the same check.
 */
import { ERRORS, canCreatePatient, canOrderTests, type SessionUser } from '@labline/contracts';
import { lazy } from 'react';
import type { AppRoute } from './appRoute';
import { LoginPage } from '../../features/auth/LoginPage';
import { NotAvailablePage } from './NotAvailablePage';
import { NotFoundPage } from './NotFoundPage';

const ProfilePage = lazy(() => import('../../features/profile/ProfilePage'));

const isClinician = (user: SessionUser) => user.role === 'clinician';
const inventory = { section: 'inventory', deniedMessage: ERRORS.noPermissionManageInventoryItems } as const;
const results = { section: 'results', deniedMessage: ERRORS.noPermissionViewTestResults } as const;
const resultForm = { section: 'results', deniedMessage: ERRORS.noPermissionEnterTestResults } as const;
/** spec 1 §6: the order form is for the four ordering roles (lab_user may see requests but not order). */
const testOrder = {
  section: 'tests',
  rule: canOrderTests,
  deniedMessage: ERRORS.noPermissionCreateTestRequests,
} as const;
const users = { section: 'users', deniedMessage: ERRORS.noPermissionManageUsers } as const;
const institutions = { section: 'institutions', deniedMessage: ERRORS.noPermissionManageInstitutions } as const;
const cms = { section: 'cms', deniedMessage: ERRORS.noPermissionManageCmsFields } as const;

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/login', title: 'Sign In', section: null, public: true, Page: LoginPage },

  {
    path: '/dashboard',
    title: (u) => (isClinician(u) ? 'Clinical Dashboard' : 'Dashboard Overview'),
    section: 'dashboard',
    Page: NotAvailablePage,
  },
  { path: '/profile', title: 'Profile Settings', section: null, Page: ProfilePage },
  { path: '/contact', title: 'Contact Us', section: null, Page: NotAvailablePage },

  {
    path: '/patients',
    title: (u) => (isClinician(u) ? 'My Patients' : 'Patients'),
    section: 'patients',
    Page: lazy(() => import('../../features/patients/PatientListPage')),
  },
  {
    path: '/patients/new',
    title: 'Add Patient',
    section: 'patients',
    rule: canCreatePatient,
    deniedMessage: ERRORS.forbidden,
    Page: lazy(() => import('../../features/patients/PatientFormPage').then((m) => ({ default: m.NewPatientPage }))),
  },
  {
    path: '/patients/:id',
    title: 'Patient Details',
    section: 'patients',
    Page: lazy(() => import('../../features/patients/PatientDetailPage')),
  },
  {
    path: '/patients/:id/edit',
    title: 'Edit Patient',
    section: 'patients',
    Page: lazy(() => import('../../features/patients/PatientFormPage').then((m) => ({ default: m.EditPatientPage }))),
  },

  { path: '/tests', title: 'Test Requests', section: 'tests', Page: NotAvailablePage },
  { path: '/tests/new', title: 'New Test Request', ...testOrder, Page: NotAvailablePage },
  { path: '/tests/:id', title: 'Test Request Details', section: 'tests', Page: NotAvailablePage },
  { path: '/tests/:id/edit', title: 'Edit Test Request', ...testOrder, Page: NotAvailablePage },

  { path: '/inventory', title: 'Inventory Management', ...inventory, Page: NotAvailablePage },
  { path: '/inventory/new', title: 'Add New Inventory Item', ...inventory, Page: NotAvailablePage },
  { path: '/inventory/:id', title: 'Inventory Item', ...inventory, Page: NotAvailablePage },
  { path: '/inventory/:id/edit', title: 'Edit Inventory Item', ...inventory, Page: NotAvailablePage },

  { path: '/fulfillment', title: 'Fulfillment Management', section: 'fulfillment', Page: NotAvailablePage },
  { path: '/fulfillment/:id', title: 'Fulfillment Request Details', section: 'fulfillment', Page: NotAvailablePage },

  { path: '/results', title: 'Test Results', ...results, Page: NotAvailablePage },
  { path: '/results/new', title: 'Enter New Test Result', ...resultForm, Page: NotAvailablePage },
  { path: '/results/:id', title: 'Test Result Details', ...results, Page: NotAvailablePage },
  { path: '/results/:id/edit', title: 'Edit Test Result', ...resultForm, Page: NotAvailablePage },

  { path: '/users', title: 'Users', ...users, Page: lazy(() => import('../../features/users/UserListPage')) },
  {
    path: '/users/new',
    title: 'Add User',
    ...users,
    Page: lazy(() => import('../../features/users/UserFormPage').then((m) => ({ default: m.NewUserPage }))),
  },
  {
    path: '/users/:id',
    title: 'User Details',
    ...users,
    Page: lazy(() => import('../../features/users/UserDetailPage')),
  },
  {
    path: '/users/:id/edit',
    title: 'Edit User',
    ...users,
    Page: lazy(() => import('../../features/users/UserFormPage').then((m) => ({ default: m.EditUserPage }))),
  },

  {
    path: '/institutions',
    title: 'Institutions',
    ...institutions,
    Page: lazy(() => import('../../features/institutions/InstitutionListPage')),
  },
  {
    path: '/institutions/new',
    title: 'Add Institution',
    ...institutions,
    Page: lazy(() =>
      import('../../features/institutions/InstitutionFormPage').then((m) => ({ default: m.NewInstitutionPage })),
    ),
  },
  // spec 3 §6: the institution_admin of an institution may view and edit it too, so these two are not
  // guarded by the super_admin-only section; the pages guard them with canEditInstitution for the route's id.
  {
    path: '/institutions/:id',
    title: 'Institution Details',
    section: null,
    Page: lazy(() => import('../../features/institutions/InstitutionDetailPage')),
  },
  {
    path: '/institutions/:id/edit',
    title: 'Edit Institution',
    section: null,
    Page: lazy(() =>
      import('../../features/institutions/InstitutionFormPage').then((m) => ({ default: m.EditInstitutionPage })),
    ),
  },

  { path: '/cms', title: 'CMS Management', ...cms, Page: NotAvailablePage },
  { path: '/cms/cron-monitoring', title: 'Cron Job Monitoring', ...cms, Page: NotAvailablePage },
  {
    path: '/analytics',
    title: 'Analytics',
    section: 'analytics',
    deniedMessage: ERRORS.noPermissionViewAnalytics,
    Page: NotAvailablePage,
  },

  { path: '/*', title: 'Page Not Found', section: null, Page: NotFoundPage },
];
