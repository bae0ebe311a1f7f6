import { useEffect } from 'react';
import { site } from '../lib/site';

/** "<page> | <site>" in the tab and for screen readers on navigation. */
export function useDocumentTitle(page: string | null): void {
  useEffect(() => {
    document.title = page ? `${page} | ${site.name}` : site.name;
  }, [page]);
}
