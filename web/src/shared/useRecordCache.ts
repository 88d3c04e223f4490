import { useMemo } from 'react';
import { useSWRConfig } from 'swr';

/** The path of an swr key: a path itself, or a form's ['edit', path]. */
function pathOfKey(key: unknown): string | null {
  if (typeof key === 'string') return key;
  return Array.isArray(key) && typeof key[1] === 'string' ? key[1] : null;
}

const isUnder = (area: string, key: unknown) => {
  const path = pathOfKey(key);
  return path !== null && (path === area || path.startsWith(`${area}/`) || path.startsWith(`${area}?`));
};

export interface RecordCache {
  /**
   * After a save: the record's detail shows the server's answer at once (no refetch, no flash of the old
   * record), and every other cached list and detail of the area is fetched again.
   */
  saved<T>(detailPath: string, detail: (current: T | undefined) => T): Promise<void>;
  /** After a delete or any other change: every cached list and detail of the area is fetched again. */
  changed(): Promise<void>;
}

/**
 * Keeps an area's cached lists and details (the swr keys under its path, e.g. '/users') in step with a write,
 * the same way in every area. Screens keep showing what they have while the new answer loads.
 */
export function useRecordCache(area: string): RecordCache {
  const { mutate } = useSWRConfig();
  return useMemo(
    () => ({
      async saved<T>(detailPath: string, detail: (current: T | undefined) => T) {
        await mutate<T>(detailPath, detail, { revalidate: false });
        await mutate((key) => isUnder(area, key) && key !== detailPath);
      },
      async changed() {
        await mutate((key) => isUnder(area, key));
      },
    }),
    [mutate, area],
  );
}
