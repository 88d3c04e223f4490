import { useEffect } from 'react';

const PRODUCT_NAME = 'Labline';

export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title === null ? PRODUCT_NAME : `${title} | ${PRODUCT_NAME}`;
  }, [title]);
}
