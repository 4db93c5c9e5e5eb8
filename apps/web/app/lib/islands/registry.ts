import type * as React from 'react';

/**
 * The interactive parts of the pages served without React Router (the reading pages): each is
 * rendered to HTML as a root of its own when the page is prerendered, and hydrated as one in
 * the browser (docs/decisions/0855-reading-pages-as-islands.md). Each loads with the first page
 * that has it.
 */
export const ISLANDS = {
  'site-header': () => import('../../layouts/PublicHeader').then((module) => module.PublicHeader),
  'cookie-consent': () => import('../consent/CookieConsentBanner').then((module) => module.default),
  'cookie-settings-button': () =>
    import('../consent/CookieSettingsButton').then((module) => module.CookieSettingsButton),
  'consent-video': () => import('../consent/ConsentVideo').then((module) => module.ConsentVideo),
  faq: () => import('../../content/Faq').then((module) => module.Faq),
  'fee-plans': () => import('../../content/FeePlans').then((module) => module.FeePlans),
  'legal-notice': () =>
    import('../../content/legal/LegalAccordions').then((module) => module.LegalNoticeAccordion),
  terms: () =>
    import('../../content/legal/LegalAccordions').then((module) => module.TermsAccordion),
};

export type IslandName = keyof typeof ISLANDS;

export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof ISLANDS)[N]>>;

export type IslandProps<N extends IslandName> =
  IslandComponent<N> extends React.ComponentType<infer Props> ? Props & object : never;

export function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(ISLANDS, name);
}
