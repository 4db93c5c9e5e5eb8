import * as React from 'react';

import type { IslandName, IslandProps } from './registry';
import { IslandServerContext } from './server';

/**
 * One interactive part of a page that reads complete as plain HTML. When the page is
 * prerendered it is rendered as a root of its own, and the browser hydrates it as one: on its
 * own on the pages served without React Router (lib/islands/start.ts), or from the effect below
 * where the router renders the page. Its props travel in the HTML, so they are plain data.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const server = React.useContext(IslandServerContext);
  const identifierPrefix = `${React.useId().replace(/[^\w-]/g, '')}-`;
  const element = React.useRef<HTMLDivElement>(null);
  const serializedProps = JSON.stringify(props);
  const html = server?.render(name, props, identifierPrefix) ?? '';

  React.useEffect(() => {
    const container = element.current;
    if (container === null) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('./hydrate').then(async ({ startIsland }) => {
      const islandProps = JSON.parse(serializedProps) as object;
      const root = await startIsland(container, name, islandProps, identifierPrefix);
      if (cancelled) root.unmount();
      else
        stop = () => {
          root.unmount();
        };
    });
    return () => {
      cancelled = true;
      // A root cannot be unmounted while React renders the page that held it.
      const unmount = stop;
      if (unmount !== null) queueMicrotask(unmount);
    };
  }, [name, serializedProps, identifierPrefix]);

  return (
    <div
      ref={element}
      data-island={name}
      data-island-id={identifierPrefix}
      data-props={serializedProps}
      className="contents"
      // The page's root leaves the island's HTML alone: the island's own root owns it.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
