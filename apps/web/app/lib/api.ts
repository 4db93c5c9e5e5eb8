import { type ApiClient, createApiClient } from '@cbp/core';

let client: ApiClient | undefined;

/**
 * The API's origin: VITE_API_URL when the API lives elsewhere, otherwise the page's own
 * origin (the API serves the web build, and `pnpm dev` proxies /api to it).
 */
export function apiBaseUrl(): string {
  const configured = import.meta.env.VITE_API_URL?.trim();
  if (configured !== undefined && configured !== '') return configured;
  return window.location.origin;
}

/** The API client of the browser. Call it from effects and handlers only: it reads `window`. */
export function api(): ApiClient {
  client ??= createApiClient({ baseUrl: apiBaseUrl() });
  return client;
}
