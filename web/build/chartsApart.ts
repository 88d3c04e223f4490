import type { Plugin } from 'vite';

/** The charting library of /analytics (@ant-design/plots) and its packages, and the copies made for them here. */
const CHARTS_IMPORTER = /node_modules[\\/](?:@antv|@ant-design[\\/](?:plots|charts-util))[\\/]|\?charts$/;
const REACT_DOM_FOR_CHARTS = '\0labline:react-dom-for-charts';
const BABEL_RUNTIME = /node_modules[\\/]@babel[\\/]runtime[\\/]/;

/**
 * Keeps @ant-design/plots from changing the chunks other pages load. It shares two things with them: @babel/runtime's
 * helpers (which @antv/g's packages import, as antd does) and react-dom (charts-util imports the namespaces
 * `react-dom/client` and `react-dom` to render React tooltips, which keeps all of react-dom/client, hydrateRoot
 * too, in React's chunk). Left shared, the bundler moves the helpers out of the antd chunk every page loads into a
 * file of their own, and React's chunk grows: each page pays some 0.5 kB gzip for a library only /analytics
 * draws with. Here, imported from the charting packages, the helpers resolve to copies of their own (the same
 * file with `?charts`, bundled in the charts' chunk) and react-dom to a module with only the `createRoot` the
 * charts use (charts-util falls back to `react-dom`'s legacy render only before React 18).
 */
export function chartsApart(): Plugin {
  return {
    name: 'labline:charts-apart',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (importer === undefined || !CHARTS_IMPORTER.test(importer)) return null;
      if (source === 'react-dom/client' || source === 'react-dom') return REACT_DOM_FOR_CHARTS;
      // A helper imports others by relative path: those are the charts' copies too.
      const resolved = await this.resolve(source, importer.replace(/\?charts$/, ''), { ...options, skipSelf: true });
      if (resolved === null || !BABEL_RUNTIME.test(resolved.id)) return null;
      return { ...resolved, id: `${resolved.id}?charts` };
    },
    load(id) {
      return id === REACT_DOM_FOR_CHARTS ? "export { createRoot } from 'react-dom/client';" : null;
    },
  };
}
