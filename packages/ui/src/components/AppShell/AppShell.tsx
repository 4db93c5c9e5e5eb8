import LogOutDrawing from 'lucide/dist/esm/icons/log-out.mjs';
import type * as React from 'react';

import { cn } from '../../lib/cn';
import { Button } from '../Button';
import { icon } from '../../lib/icon';
import { useMenuDisclosure } from '../MenuButton';
import { BrandAndMenuButton, type FoldingNavProps } from '../MenuButton/BrandAndMenuButton';
import { SiteLink, type LinkItem } from '../SiteLink';
import { SkipLink } from '../SkipLink';
import { TaskList, type TaskListItem } from '../TaskList';

const LogOut = icon(LogOutDrawing);

export interface AppShellItem extends LinkItem {
  /** A lucide icon element; it is hidden from screen readers. */
  icon?: React.ReactNode;
}

export interface AppShellProps extends React.ComponentProps<'div'>, FoldingNavProps {
  /** The side menu as links: Calcular Cuota, Obtener Documentos, Seleccionar Plan, ... */
  items?: readonly AppShellItem[];
  /**
   * The side menu as the client's task list instead: each step with its state, linked only when
   * it can be opened (TaskList). Takes the place of `items`.
   */
  tasks?: readonly TaskListItem[] | undefined;
  /** Ends the session; the app then goes to /login. */
  onSignOut: () => void;
  signOutLabel?: string;
  /**
   * From 1024 px the layout is at least as tall as the screen; `false` leaves the height to
   * `className`, e.g. a fixed one in a preview.
   */
  fillScreen?: boolean;
  /** The page, rendered inside `<main>`. */
  children?: React.ReactNode;
}

/**
 * The client area's layout: a side menu with the area's sections and 'Cerrar sesión', and the
 * page in `<main>`. Below 1024 px the menu folds behind a burger button in a top bar.
 */
export function AppShell({
  brand,
  brandHref = '/app',
  items = [],
  tasks,
  currentHref,
  onSignOut,
  signOutLabel = 'Cerrar sesión',
  navLabel = 'Área de cliente',
  renderLink,
  openMenuLabel,
  closeMenuLabel,
  menuText,
  mainId = 'contenido-principal',
  skipLinkLabel = 'Saltar al contenido principal',
  fillScreen = true,
  className,
  children,
  ...props
}: AppShellProps) {
  const { open, close, toggle, panelId, containerRef, buttonRef } =
    useMenuDisclosure<HTMLElement>();

  return (
    <div
      data-slot="app-shell"
      className={cn(
        'bg-background text-foreground lg:grid lg:grid-cols-[17rem_minmax(0,1fr)]',
        fillScreen && 'lg:min-h-dvh',
        className,
      )}
      {...props}
    >
      <header
        ref={containerRef}
        data-slot="app-shell-sidebar"
        className="border-b-2 border-border bg-surface text-surface-foreground lg:sticky lg:top-0 lg:flex lg:max-h-dvh lg:flex-col lg:overflow-y-auto lg:border-e-2 lg:border-b-0"
      >
        <SkipLink targetId={mainId}>{skipLinkLabel}</SkipLink>
        <div className="flex items-center justify-between gap-4 px-4 py-3 lg:py-6">
          <BrandAndMenuButton
            slot="app-shell"
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
        </div>
        <div
          id={panelId}
          data-slot="app-shell-menu"
          data-state={open ? 'open' : 'closed'}
          className={cn('flex-col gap-4 px-3 pb-4 lg:flex lg:flex-1', open ? 'flex' : 'hidden')}
        >
          <nav aria-label={navLabel} data-slot="app-shell-nav">
            {tasks !== undefined ? (
              <TaskList
                items={tasks}
                currentHref={currentHref}
                renderLink={renderLink}
                onNavigate={close}
              />
            ) : (
              <ul className="flex flex-col gap-1">
                {items.map((item) => (
                  <li key={item.href}>
                    <SiteLink
                      data-slot="app-shell-link"
                      href={item.href}
                      current={item.href === currentHref}
                      renderLink={renderLink}
                      onClick={close}
                      className={cn(
                        'flex min-h-11 items-center gap-3 rounded-md border-s-4 border-transparent px-3 py-2 font-medium text-foreground hover:bg-muted',
                        'aria-[current=page]:border-primary aria-[current=page]:bg-primary-subtle aria-[current=page]:font-bold',
                        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
                        '[&_svg]:size-5 [&_svg]:shrink-0',
                      )}
                    >
                      {item.icon ? (
                        <span aria-hidden="true" className="flex text-primary">
                          {item.icon}
                        </span>
                      ) : null}
                      {item.label}
                    </SiteLink>
                  </li>
                ))}
              </ul>
            )}
          </nav>
          <div className="border-t-2 border-border pt-4 lg:mt-auto">
            <Button
              data-slot="app-shell-sign-out"
              variant="ghost"
              padding="narrow"
              align="start"
              className="w-full"
              onClick={() => {
                close();
                onSignOut();
              }}
            >
              <LogOut aria-hidden="true" focusable="false" />
              {signOutLabel}
            </Button>
          </div>
        </div>
      </header>
      <main id={mainId} data-slot="app-shell-main" className="min-w-0 px-4 py-8 lg:px-10 lg:py-10">
        {children}
      </main>
    </div>
  );
}
