import { useEffect } from 'react';
import { useIsServedAsIslands } from '../components/layout/nav-anchor';

/**
 * A page served as islands has sections that are only the server's HTML (a cup's bracket, the home
 * page's featured tournament): when a poll shows the page should now have other ones (`sections`,
 * a text that names them, differs from `servedSections`), the page loads again, once per change, so
 * a page served a moment before the change does not load again and again. The single-page app
 * renders its sections itself.
 */
export function useReloadOnNewSections(sections: string, servedSections: string) {
  const isServedAsIslands = useIsServedAsIslands();
  const hasNewSections = sections !== servedSections;
  useEffect(() => {
    if (!isServedAsIslands || !hasNewSections) return;
    const reloadedFor = `page-sections:${window.location.pathname}`;
    if (sessionStorage.getItem(reloadedFor) === sections) return;
    sessionStorage.setItem(reloadedFor, sections);
    window.location.reload();
  }, [isServedAsIslands, hasNewSections, sections]);
}
