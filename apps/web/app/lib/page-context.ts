import { renderAnchor, type RenderLink } from '@cbp/ui';
import * as React from 'react';

/**
 * What components outside the router's reach read from it. Pages React Router runs provide
 * both (root.tsx); the islands of a page served without the router (lib/islands) get the
 * defaults: plain links, and the window's own address.
 */

/** How a link inside the site is drawn: the router's `<Link>` where there is one. */
export const PageLinkContext = React.createContext<RenderLink>(renderAnchor);

export function usePageLink(): RenderLink {
  return React.useContext(PageLinkContext);
}

/** The router's location key, which changes on every in-app navigation; null without a router. */
export const RouterLocationKeyContext = React.createContext<string | null>(null);

export function useRouterLocationKey(): string | null {
  return React.useContext(RouterLocationKeyContext);
}
