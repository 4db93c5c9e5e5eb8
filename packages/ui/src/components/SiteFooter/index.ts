export { SiteFooter } from './SiteFooter';
export type { FooterColumn, SiteFooterProps } from './SiteFooter';
