/**
 * The router's routes: the route config (routeConfig.ts: path, title, access, menu) with each route's page loaded
 * from the file it names. Every page under src/features is a chunk of its own, loaded when its route is first
 * opened (or preloaded with the layout); the sign-in page is in the app's first chunk, where most visits start.
 */
import type { ComponentType } from 'react';
import type { AppRoute } from './appRoute';
import { lazyPage } from './lazyPage';
import { ROUTES, type PageName } from './routeConfig';
import { LoginPage } from '../../features/auth/LoginPage';

type PageModule = Record<string, ComponentType | undefined>;

/** The pages' modules by file, each a dynamic import (its own chunk); the sign-in page is imported above. */
const PAGE_MODULES = import.meta.glob<PageModule>(['../../features/*/*Page.tsx', '!../../features/auth/LoginPage.tsx']);

const OWN_PAGES = {
  'sign-in': LoginPage,
  'not-available': lazyPage(() => import('./NotAvailablePage').then((m) => ({ default: m.NotAvailablePage }))),
  'not-found': lazyPage(() => import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage }))),
} satisfies Record<string, AppRoute['Page']>;

const loaded = new Map<PageName, AppRoute['Page']>();

/** The page a route names: one component per page, shared by the routes that name it. */
function pageOf(name: PageName): AppRoute['Page'] {
  if (name in OWN_PAGES) return OWN_PAGES[name as keyof typeof OWN_PAGES];
  const known = loaded.get(name);
  if (known !== undefined) return known;
  const [file, exported = 'default'] = name.split('#') as [string, string?];
  const load = PAGE_MODULES[`../../features/${file}.tsx`];
  if (load === undefined) throw new Error(`No page src/features/${file}.tsx (route config page ${name})`);
  const page = lazyPage(() =>
    load().then((module) => {
      const component = module[exported];
      if (component === undefined) throw new Error(`src/features/${file}.tsx exports no ${exported}`);
      return { default: component };
    }),
  );
  loaded.set(name, page);
  return page;
}

export const APP_ROUTES: readonly AppRoute[] = ROUTES.map((route) => ({ ...route, Page: pageOf(route.page) }));
