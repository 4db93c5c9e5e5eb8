/** What the chunker's tests describe a module's users with. */
export const app = '/repo/apps/web/app';

export const reach = (routes: string[], lazyRoutes: string[] = []) => ({
  routes: new Set(routes),
  lazyRoutes: new Set(lazyRoutes),
});
