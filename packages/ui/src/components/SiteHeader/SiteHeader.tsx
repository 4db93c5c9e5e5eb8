import type * as React from 'react';

import { cn } from '../../lib/cn';
import { Button } from '../Button';
import { useMenuDisclosure } from '../MenuButton';
import { BrandAndMenuButton, type FoldingNavProps } from '../MenuButton/BrandAndMenuButton';
import { SiteLink, type LinkItem } from '../SiteLink';
import { SkipLink } from '../SkipLink';
import { linkVariants } from '../TextLink';

export interface SiteHeaderProps extends React.ComponentProps<'header'>, FoldingNavProps {
  /** Main navigation: Inicio, Cómo funciona, Documentación, Honorarios. */
  links: readonly LinkItem[];
  /** The call to action shown as a button ('Comenzar simulador'). */
  action?: LinkItem | undefined;
  /** The sign-in link ('Acceso clientes'). */
  accountLink?: LinkItem | undefined;
}

/**
 * The public site's top bar: skip link, brand, navigation, the call to action and the sign-in
 * link. Below 1024 px the navigation and both links fold into a menu behind a burger button.
 */
export function SiteHeader({
  brand,
  brandHref = '/',
  links,
  currentHref,
  action,
  accountLink,
  renderLink,
  navLabel = 'Principal',
  openMenuLabel,
  closeMenuLabel,
  menuText,
  mainId = 'contenido-principal',
  skipLinkLabel = 'Saltar al contenido principal',
  className,
  ...props
}: SiteHeaderProps) {
  const { open, close, toggle, panelId, containerRef, buttonRef } =
    useMenuDisclosure<HTMLElement>();

  return (
    <header
      ref={containerRef}
      data-slot="site-header"
      className={cn(
        'relative border-b-2 border-border bg-surface text-surface-foreground',
        className,
      )}
      {...props}
    >
      <SkipLink targetId={mainId}>{skipLinkLabel}</SkipLink>
      <div
        data-slot="site-header-bar"
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 lg:flex-nowrap lg:gap-x-8 lg:px-8"
      >
        <BrandAndMenuButton
          slot="site-header"
          brand={brand}
          brandHref={brandHref}
          renderLink={renderLink}
          open={open}
          panelId={panelId}
          onToggle={toggle}
          buttonRef={buttonRef}
          openMenuLabel={openMenuLabel}
          closeMenuLabel={closeMenuLabel}
          menuText={menuText}
        />
        <div
          id={panelId}
          data-slot="site-header-menu"
          data-state={open ? 'open' : 'closed'}
          className={cn(
            'w-full flex-col gap-4 pb-3 lg:flex lg:w-auto lg:flex-1 lg:flex-row lg:items-center lg:justify-between lg:gap-6 lg:pb-0',
            open ? 'flex' : 'hidden',
          )}
        >
          <nav aria-label={navLabel} data-slot="site-header-nav">
            <ul className="flex flex-col lg:flex-row lg:flex-wrap lg:gap-1">
              {links.map((link) => (
                <li key={link.href} className="border-b border-border lg:border-0">
                  <SiteLink
                    data-slot="site-header-link"
                    href={link.href}
                    current={link.href === currentHref}
                    renderLink={renderLink}
                    onClick={close}
                    className={cn(
                      'flex min-h-11 items-center rounded-sm px-1 font-medium text-foreground lg:px-3',
                      'underline-offset-[0.4em] hover:underline',
                      'aria-[current=page]:font-bold aria-[current=page]:text-primary aria-[current=page]:underline aria-[current=page]:decoration-3',
                      'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
                    )}
                  >
                    {link.label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </nav>
          {accountLink || action ? (
            <div
              data-slot="site-header-actions"
              className="flex flex-col gap-3 lg:flex-row lg:items-center lg:gap-5"
            >
              {accountLink ? (
                <SiteLink
                  data-slot="site-header-account"
                  href={accountLink.href}
                  current={accountLink.href === currentHref}
                  renderLink={renderLink}
                  onClick={close}
                  className={cn(
                    linkVariants({ variant: 'standalone' }),
                    'min-h-11 self-start lg:self-auto',
                  )}
                >
                  {accountLink.label}
                </SiteLink>
              ) : null}
              {action ? (
                <Button asChild variant="primary">
                  <SiteLink
                    data-slot="site-header-action"
                    href={action.href}
                    current={action.href === currentHref}
                    renderLink={renderLink}
                    onClick={close}
                  >
                    {action.label}
                  </SiteLink>
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </header>
  );
}
