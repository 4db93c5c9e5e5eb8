import * as React from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';

import { ISLANDS, type IslandName } from './registry';

function Committed({ onCommit, children }: { onCommit: () => void; children: React.ReactNode }) {
  React.useEffect(onCommit, [onCommit]);
  return children;
}

/**
 * Starts one island in its element: hydrates the HTML rendered at build time, or renders it
 * where the element is empty. Resolves once React has committed it, so its buttons answer.
 */
export async function startIsland(
  container: HTMLElement,
  name: IslandName,
  props: object,
  identifierPrefix: string,
): Promise<Root> {
  const Component = (await ISLANDS[name]()) as React.ComponentType<object>;
  return new Promise((resolve) => {
    const committed = () => {
      resolve(root);
    };
    const island = (
      <Committed onCommit={committed}>
        <Component {...props} />
      </Committed>
    );
    let root: Root;
    // As a transition, as React Router starts its pages: React then renders in slices of a few
    // milliseconds, so a tap while the islands start is answered at once.
    React.startTransition(() => {
      if (container.firstChild === null) {
        root = createRoot(container, { identifierPrefix });
        root.render(island);
      } else {
        root = hydrateRoot(container, island, { identifierPrefix });
      }
    });
  });
}
