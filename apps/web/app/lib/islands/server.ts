import * as React from 'react';

import type { IslandName } from './registry';

/** What the build's server entry gives the pages it prerenders. */
export interface IslandServer {
  /**
   * Renders one island to HTML as a root of its own, with the id prefix the browser will
   * hydrate it with, so ids made by `useId` match.
   */
  render: (name: IslandName, props: object, identifierPrefix: string) => string;
  /**
   * Whether the reading pages leave React Router's scripts out: true when the build prerenders
   * them, false for the client-rendered fallback and the development server, where the router
   * starts the islands itself.
   */
  islandPagesWithoutRouter: boolean;
}

export const IslandServerContext = React.createContext<IslandServer | null>(null);
