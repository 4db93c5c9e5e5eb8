import type * as React from 'react';

/** A destination as the shell components take it: where it goes and the words a person reads. */
export interface LinkItem {
  href: string;
  label: string;
}

/** What the kit hands to `renderLink`: an `<a>`'s props, with `href` always set. */
export type LinkRenderProps = React.ComponentProps<'a'> & { href: string; 'data-slot'?: string };

/**
 * Renders one link of a shell component. The app passes its router's link here, spreading every
 * prop (class, `aria-current`, `onClick`...): `({ href, ...props }) => <Link to={href} {...props} />`.
 */
export type RenderLink = (props: LinkRenderProps) => React.ReactNode;

/** The default `renderLink`: a plain `<a>`, for pages without a client-side router. */
export const renderAnchor: RenderLink = ({ children, ...props }) => <a {...props}>{children}</a>;

/** True for addresses with a scheme (`tel:`, `mailto:`, `https:`) or protocol-relative ones. */
export function isExternalHref(href: string): boolean {
  return /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(href);
}

/** `tel:` address of a phone number as people write it: '+34 900 123 456' gives 'tel:+34900123456'. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export interface SiteLinkProps extends LinkRenderProps {
  /** The app's link renderer; addresses with a scheme (`tel:`, `https:`) always get a plain `<a>`. */
  renderLink?: RenderLink | undefined;
  /** Marks the link as the current page (`aria-current="page"`). */
  current?: boolean | undefined;
}

/**
 * One link of the kit's shells (header, footer, hero, app menu): rendered by the app's
 * `renderLink` so a router can take over, or as an `<a>`.
 */
export function SiteLink({ renderLink = renderAnchor, current, ...props }: SiteLinkProps) {
  const render = isExternalHref(props.href) ? renderAnchor : renderLink;
  return render({
    'data-slot': 'site-link',
    'aria-current': current ? 'page' : undefined,
    ...props,
  });
}
