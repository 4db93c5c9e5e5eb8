/**
 * Public pages prerendered to HTML at build time and listed in the sitemap. Result pages are
 * prerendered too (their shell loads instantly) but stay out of the sitemap: they make sense
 * only after the simulator.
 */
export const PUBLIC_PAGES = [
  { path: '/', sitemap: true },
  { path: '/como-funciona', sitemap: true },
  { path: '/documentacion', sitemap: true },
  { path: '/honorarios', sitemap: true },
  { path: '/simulador', sitemap: true },
  { path: '/cumple-requisitos', sitemap: false },
  { path: '/no-cumple-requisitos', sitemap: false },
  { path: '/login', sitemap: false },
  { path: '/reset-password-request', sitemap: false },
  { path: '/reset-password', sitemap: false },
  { path: '/politica-privacidad', sitemap: true },
  { path: '/aviso-legal', sitemap: true },
  { path: '/politica-cookies', sitemap: true },
  { path: '/condiciones-generales', sitemap: true },
] as const;

export type PublicPath = (typeof PUBLIC_PAGES)[number]['path'];

export const PRERENDERED_PATHS: readonly string[] = PUBLIC_PAGES.map((page) => page.path);
