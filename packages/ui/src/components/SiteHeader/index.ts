export { SiteHeader } from './SiteHeader';
export type { SiteHeaderProps } from './SiteHeader';
