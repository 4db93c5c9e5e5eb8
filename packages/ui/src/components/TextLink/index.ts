export { TextLink, linkVariants } from './TextLink';
export type { TextLinkProps } from './TextLink';
