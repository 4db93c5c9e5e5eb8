import type * as React from 'react';

import { SiteLink, type RenderLink } from '../SiteLink';
import { MenuButton } from './MenuButton';

/** Props of a bar whose navigation folds behind a burger button below 1024 px. */
export interface FoldingNavProps {
  /** The firm's logo or name; it links to `brandHref`. Give an image a text alternative. */
  brand: React.ReactNode;
  brandHref?: string;
  /** Address of the page on screen; the link with this `href` gets `aria-current="page"`. */
  currentHref?: string | undefined;
  renderLink?: RenderLink | undefined;
  /** Accessible name of the navigation landmark. */
  navLabel?: string;
  openMenuLabel?: string;
  closeMenuLabel?: string;
  /** Visible word on the burger button. */
  menuText?: string;
  /** The `id` of the page's `<main>`, where the skip link goes. */
  mainId?: string;
  skipLinkLabel?: string;
}

interface BrandAndMenuButtonProps extends Pick<
  FoldingNavProps,
  'brand' | 'renderLink' | 'openMenuLabel' | 'closeMenuLabel' | 'menuText'
> {
  /** Prefix of the `data-slot`s: the brand link gets `<slot>-brand`. */
  slot: string;
  brandHref: string;
  /** Whether the menu is shown, and the `id` of its panel. */
  open: boolean;
  panelId: string;
  onToggle: () => void;
  buttonRef: React.Ref<HTMLButtonElement>;
}

/** The brand link and the burger button that shows and hides the bar's menu. */
export function BrandAndMenuButton({
  slot,
  brand,
  brandHref,
  renderLink,
  open,
  panelId,
  onToggle,
  buttonRef,
  openMenuLabel,
  closeMenuLabel,
  menuText,
}: BrandAndMenuButtonProps) {
  return (
    <>
      <SiteLink
        data-slot={`${slot}-brand`}
        href={brandHref}
        renderLink={renderLink}
        className="inline-flex min-h-11 items-center gap-2 rounded-sm text-lg leading-tight font-bold text-foreground focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {brand}
      </SiteLink>
      <MenuButton
        ref={buttonRef}
        open={open}
        controls={panelId}
        onClick={onToggle}
        openLabel={openMenuLabel}
        closeLabel={closeMenuLabel}
        className="lg:hidden"
      >
        {menuText}
      </MenuButton>
    </>
  );
}
