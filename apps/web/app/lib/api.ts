import { type ApiTransport, createApiTransport } from '@cbp/core';

let transport: ApiTransport | undefined;

/**
 * The API's origin: VITE_API_URL when the API lives elsewhere, otherwise the page's own
 * origin (the API serves the web build, and `pnpm dev` proxies /api to it).
 */
export function apiBaseUrl(): string {
  const configured = import.meta.env.VITE_API_URL?.trim();
  if (configured !== undefined && configured !== '') return configured;
  return window.location.origin;
}

function apiTransport(): ApiTransport {
  transport ??= createApiTransport({ baseUrl: apiBaseUrl() });
  return transport;
}

/**
 * One area's client over the browser's single transport, made on first use. Each screen takes
 * its own area's client, so its route does not download every other screen's schemas. Call the
 * returned function from effects and handlers only: it reads `window`.
 */
export function areaClient<T>(create: (send: ApiTransport) => T): () => T {
  let client: T | undefined;
  return () => {
    client ??= create(apiTransport());
    return client;
  };
}
