import * as React from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';

import { IslandServerContext, type IslandServer } from './lib/islands/server';
import { ISLANDS, type IslandName } from './lib/islands/registry';

/**
 * Renders the prerendered pages at build time (there is no runtime rendering: ssr is off). It
 * is React Router's default entry, plus the islands of the reading pages, each rendered as a
 * root of its own (lib/islands/Island.tsx).
 */

const islandComponents = Object.fromEntries(
  await Promise.all(
    Object.entries(ISLANDS).map(async ([name, load]) => [name, await load()] as const),
  ),
) as Record<IslandName, React.ComponentType<object>>;

const renderIsland: IslandServer['render'] = (name, props, identifierPrefix) =>
  renderToString(React.createElement(islandComponents[name], props), { identifierPrefix });

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  let status = responseStatusCode;
  const islands: IslandServer = {
    render: renderIsland,
    islandPagesWithoutRouter: import.meta.env.PROD && !routerContext.isSpaMode,
  };
  const body = await renderToReadableStream(
    <IslandServerContext value={islands}>
      <ServerRouter context={routerContext} url={request.url} />
    </IslandServerContext>,
    {
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    },
  );
  // Prerendering wants the whole page, not its shell.
  await body.allReady;
  responseHeaders.set('Content-Type', 'text/html');
  return new Response(body, { headers: responseHeaders, status });
}
