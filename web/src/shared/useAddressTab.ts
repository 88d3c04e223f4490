import { useSearchParams } from 'react-router-dom';

/** The address's name for a page's open tab, so that a tab can be linked to (`/cms?tab=markers`). */
export const TAB_PARAMETER = 'tab';

/**
 * The open one of a page's tabs, named in the address (issue 22: reload, back and a link keep it, and the lists
 * inside it keep their search, filters and page beside it). `keys` are the tabs shown, the first one open when the
 * address names none of them. Opening another tab leaves only its name in the address: a list's search and page
 * belong to the tab they were set in, so no tab reads another's. The tab change replaces the address, as antd's
 * tabs are not pages of their own.
 */
export function useAddressTab<K extends string>(
  keys: readonly K[],
): [active: K | undefined, open: (key: string) => void] {
  const [params, setParams] = useSearchParams();
  const active = keys.find((key) => key === params.get(TAB_PARAMETER)) ?? keys[0];
  return [active, (key) => setParams({ [TAB_PARAMETER]: key }, { replace: true })];
}
