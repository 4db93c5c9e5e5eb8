/**
 * The kinds of page of the browser build, read from a route module's path: what the file rules
 * of chunks.ts and the module walk of module-graph.ts both start from.
 */

/**
 * Kinds of page, by what their code needs: the reading pages (home, how it works, fees, the
 * legal texts), the public forms (simulator, sign-in, password), the private area and the
 * back-office. The root and the client entry are the `site`: every page runs them.
 */
export type Area = 'site' | 'reading' | 'forms' | 'app' | 'gestion' | 'islands';

/**
 * The script of the reading pages and their islands (app/lib/islands/registry.ts): each island
 * counts as a page of its own, so what only islands use is cut by island, never joined to a file
 * that brings React Router with it.
 */
const ISLAND_MODULES =
  /\/app\/(?:lib\/islands\/start\.ts|layouts\/PublicHeader\.tsx|lib\/consent\/(?:CookieConsentBanner|CookieSettingsButton|ConsentVideo)\.tsx|content\/(?:Faq|FeePlans|legal\/LegalAccordions)\.tsx)$/;

export const ISLAND_REGISTRY = /[\\/]app[\\/]lib[\\/]islands[\\/]registry\.ts$/;

const FORM_PAGES = new Set([
  'simulador',
  'cumple-requisitos',
  'no-cumple-requisitos',
  'login',
  'reset-password-request',
  'reset-password',
]);

/** The kind of page a route module (or the root, or the client entry) serves; null for any other module. */
export function routeArea(moduleId: string): Area | null {
  const file = moduleId.split('?')[0]?.replaceAll('\\', '/') ?? '';
  if (ISLAND_MODULES.test(file)) return 'islands';
  if (/\/app\/(?:root|entry\.client)\.tsx$/.test(file)) return 'site';
  if (/\/app\/layouts\/public\.tsx$/.test(file)) return 'reading';
  if (/\/app\/layouts\/account\.tsx$/.test(file)) return 'forms';
  const publicPage = /\/app\/routes\/([^/]+)\.tsx$/.exec(file)?.[1];
  if (publicPage !== undefined) return FORM_PAGES.has(publicPage) ? 'forms' : 'reading';
  if (/\/app\/(?:layouts\/private\.tsx|routes\/app\/[^/]+\.tsx)$/.test(file)) return 'app';
  if (
    /\/app\/(?:layouts\/gestion\.tsx|routes\/gestion\/[^/]+\.tsx|features\/gestion\/GestionFrame\.tsx)$/.test(
      file,
    )
  ) {
    return 'gestion';
  }
  return null;
}

export function withoutQuery(moduleId: string): string {
  return moduleId.split('?')[0] ?? moduleId;
}
