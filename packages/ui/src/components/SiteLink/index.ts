export { SiteLink, isExternalHref, renderAnchor, telHref } from './SiteLink';
export type { LinkItem, LinkRenderProps, RenderLink, SiteLinkProps } from './SiteLink';
