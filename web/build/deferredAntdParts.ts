import type { Plugin } from 'vite';

/**
 * Parts of antd components that our pages never show, but that the components import up front:
 * - Card imports Tabs for its `tabList` (no Card of ours has tabs; pages with tabs use Tabs itself): 10.5 kB;
 * - Table imports its column filter menu, with Tree, for columns with `filters` (ours have none; lists filter in
 *   their own bar): 15 kB;
 * - Table and List import Pagination, with Select for its page-size changer, for their built-in pagination (ours
 *   is off: lists page with PaginationFooter, as spec 1 §2 has it): up to 29 kB on a page without a Select;
 * - Table's row selection imports Radio for its `type: 'radio'` (ours take checkboxes): 3.8 kB.
 * Each is served by a stand-in that loads the real part on its first render (React.lazy): were a page to use it
 * one day, it works as before, a moment later, instead of every page paying for it now.
 * And Table's row selection needs four helper functions of rc-tree, which it takes from the package's index,
 * where the Tree component comes with them (11 kB): it is given them from their own modules instead.
 * Gzip'd sizes as `npm run bench` measures them; the components' code itself is unchanged.
 */
interface DeferredPart {
  /** The antd module that imports the part. */
  importer: RegExp;
  /** The import as that module writes it. */
  source: string;
  /** The stand-in module's code; `REAL` is replaced with the real module's id, `DIR` with its directory. */
  code: string;
}

const lazyDefault = `import { createElement, lazy, Suspense } from 'react';
const Real = lazy(() => import(REAL));
export default function Deferred(props) {
  return createElement(Suspense, { fallback: null }, createElement(Real, props));
}
`;

const PARTS: readonly DeferredPart[] = [
  { importer: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/, source: '../tabs', code: lazyDefault },
  {
    importer: /[\\/]antd[\\/]es[\\/](?:table[\\/]InternalTable|list[\\/]index)\.js$/,
    source: '../pagination',
    code: lazyDefault,
  },
  {
    importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/,
    source: './FilterDropdown',
    // the filter hook also reads the filters' keys, a plain function, before any menu is shown
    code: `${lazyDefault}
export function flattenKeys(filters) {
  return (filters || []).flatMap(({ value, children }) => [value, ...(children ? flattenKeys(children) : [])]);
}
`,
  },
  // row selection by radio button (our selectable tables take checkboxes)
  {
    importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/,
    source: '../../radio',
    code: lazyDefault,
  },
  {
    importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/,
    source: '@rc-component/tree',
    code: `export { arrAdd, arrDel } from DIR + '/util.js';
export { conductCheck } from DIR + '/utils/conductUtil.js';
export { convertDataToEntities } from DIR + '/utils/treeUtil.js';
`,
  },
];

const PREFIX = '\0labline-deferred:';

export function deferredAntdParts(): Plugin {
  const standIns = new Map<string, string>();
  return {
    name: 'labline:deferred-antd-parts',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (importer === undefined) return null;
      const part = PARTS.find((candidate) => candidate.source === source && candidate.importer.test(importer));
      if (part === undefined) return null;
      const real = await this.resolve(source, importer, { skipSelf: true });
      if (real === null) return null;
      const id = `${PREFIX}${real.id}`;
      const directory = real.id.replace(/[\\/][^\\/]*$/, '');
      standIns.set(
        id,
        part.code
          .replaceAll('REAL', JSON.stringify(real.id))
          .replaceAll(/DIR \+ '([^']*)'/g, (_, file: string) => JSON.stringify(directory + file)),
      );
      return id;
    },
    load(id) {
      return standIns.get(id) ?? null;
    },
  };
}
