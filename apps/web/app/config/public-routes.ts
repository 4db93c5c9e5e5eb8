/**
 * Public pages prerendered to HTML at build time and listed in the sitemap. Result pages are
 * prerendered too (their shell loads instantly) but stay out of the sitemap: they make sense
 * only after the simulator.
 *
 * `islands`: pages people read, served without React Router; only their interactive parts
 * start in the browser (docs/decisions/0855-reading-pages-as-islands.md).
 */
export const PUBLIC_PAGES = [
  { path: '/', sitemap: true, islands: true },
  { path: '/como-funciona', sitemap: true, islands: true },
  { path: '/documentacion', sitemap: true, islands: true },
  { path: '/honorarios', sitemap: true, islands: true },
  { path: '/simulador', sitemap: true, islands: false },
  { path: '/cumple-requisitos', sitemap: false, islands: false },
  { path: '/no-cumple-requisitos', sitemap: false, islands: false },
  { path: '/login', sitemap: false, islands: false },
  { path: '/reset-password-request', sitemap: false, islands: false },
  { path: '/reset-password', sitemap: false, islands: false },
  { path: '/politica-privacidad', sitemap: true, islands: true },
  { path: '/aviso-legal', sitemap: true, islands: true },
  { path: '/politica-cookies', sitemap: true, islands: true },
  { path: '/condiciones-generales', sitemap: true, islands: true },
] as const;

export type PublicPath = (typeof PUBLIC_PAGES)[number]['path'];

export const PRERENDERED_PATHS: readonly string[] = PUBLIC_PAGES.map((page) => page.path);

const ISLAND_PATHS: ReadonlySet<string> = new Set(
  PUBLIC_PAGES.filter((page) => page.islands).map((page) => page.path),
);

/** Whether the page at `path` (without a trailing slash) is served without React Router. */
export function isIslandPage(path: string): boolean {
  return ISLAND_PATHS.has(path);
}
