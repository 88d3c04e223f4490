/**
 * The address of each country's flag picture (flag-icons, 4:3), loaded apart from the pages that show flags.
 * Only the addresses are bundled: `no-inline` keeps each SVG a file of its own, fetched when a flag is shown.
 */

// Ascension and Tristan da Cunha have dial codes of their own and flags of their own (sh-ac, sh-ta).
const FLAG_FILES = import.meta.glob<string>(['./??.svg', './sh-{ac,ta}.svg'], {
  base: '../../../node_modules/flag-icons/flags/4x3',
  eager: true,
  query: '?url&no-inline',
  import: 'default',
});

/** "GB" → the address of gb.svg; "./sh-ac.svg" is filed under "AC". */
export const FLAG_URLS: ReadonlyMap<string, string> = new Map(
  Object.entries(FLAG_FILES).map(([path, url]) => [path.slice(2, -4).replace('sh-', '').toUpperCase(), url]),
);
