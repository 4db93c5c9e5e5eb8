import type { MetaDescriptor } from 'react-router';

import { normalizeOrigin } from '../config/origin';
import { SITE } from '../config/site';

export interface PageMetaOptions {
  /** The page's own title; the firm's name is added: 'Honorarios · Abogados CBP'. */
  title: string;
  description: string;
  /** Path of the page ('/honorarios'); gives the canonical URL and og:url. */
  path: string;
  /** Pages that should not appear in search results (sign-in, result pages, not found). */
  noindex?: boolean;
  /** Use the title as it is, without the firm's name (the home page's own wording). */
  bareTitle?: boolean;
}

/** The public address of the site, without a trailing slash. */
export function publicOrigin(): string {
  return normalizeOrigin(import.meta.env.VITE_PUBLIC_URL);
}

export function canonicalUrl(path: string): string {
  const clean = path === '/' ? '/' : path.replace(/\/+$/, '');
  return `${publicOrigin()}${clean}`;
}

export function pageTitle(title: string): string {
  return `${title} · ${SITE.name}`;
}

/**
 * Everything a route's `meta` export returns: title, description, canonical link and Open
 * Graph, so every page is described the same way. Use it as
 * `export const meta: Route.MetaFunction = () => pageMeta({ ... })`.
 */
export function pageMeta(options: PageMetaOptions): MetaDescriptor[] {
  const title = options.bareTitle === true ? options.title : pageTitle(options.title);
  const url = canonicalUrl(options.path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: options.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: 'es_ES' },
    { property: 'og:site_name', content: SITE.name },
    { property: 'og:title', content: title },
    { property: 'og:description', content: options.description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: 'summary' },
  ];
  if (options.noindex === true) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
