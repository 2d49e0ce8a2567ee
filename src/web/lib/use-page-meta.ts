import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useT } from '../i18n/i18n';
import { siteQuery } from '../queries/public';

function descriptionTag(): HTMLMetaElement {
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.appendChild(tag);
  }
  return tag;
}

/**
 * Sets the page's <title> ("Rules & FAQ | Clutch Cup") and meta description, as the server wrote them
 * into the first HTML (src/shared/page-meta.ts); restores both on leaving. Takes the page's entry of
 * `pageMeta`, or a title and a description, in English: shown in the page's language (a name that
 * is not in the catalogs, a team's, shows as it is).
 */
export function usePageMeta(meta: { title: string; description: string }): void;
export function usePageMeta(title: string, description: string): void;
export function usePageMeta(metaOrTitle: { title: string; description: string } | string, maybeDescription = ''): void {
  const t = useT();
  const english = typeof metaOrTitle === 'string' ? { title: metaOrTitle, description: maybeDescription } : metaOrTitle;
  const title = t(english.title);
  const description = t(english.description);
  const { data: site } = useQuery(siteQuery());
  const siteName = site?.siteName;
  useEffect(() => {
    const tag = descriptionTag();
    const previous = { title: document.title, description: tag.content };
    document.title = siteName ? `${title} | ${siteName}` : title;
    tag.content = description;
    return () => {
      document.title = previous.title;
      tag.content = previous.description;
    };
  }, [title, description, siteName]);
}
