/**
 * The public address canonical URLs, Open Graph and the sitemap point at. Set PUBLIC_URL (the
 * same variable the API reads) when building for production; without it the local address of
 * `pnpm start` is used.
 */
export const DEFAULT_PUBLIC_ORIGIN = 'http://127.0.0.1:3000';

export function normalizeOrigin(value: string | undefined): string {
  const trimmed = value?.trim() ?? '';
  return (trimmed === '' ? DEFAULT_PUBLIC_ORIGIN : trimmed).replace(/\/+$/, '');
}
