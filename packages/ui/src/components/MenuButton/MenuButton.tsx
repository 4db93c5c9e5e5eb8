import MenuDrawing from 'lucide/dist/esm/icons/menu.mjs';
import XDrawing from 'lucide/dist/esm/icons/x.mjs';
import * as React from 'react';

import { Button, type ButtonProps } from '../Button';
import { icon } from '../../lib/icon';

const Menu = icon(MenuDrawing);
const X = icon(XDrawing);

export interface MenuButtonProps extends Omit<
  ButtonProps,
  'asChild' | 'busy' | 'busyLabel' | 'aria-expanded' | 'aria-controls'
> {
  /** Whether the menu it controls is shown. */
  open: boolean;
  /** The `id` of the menu panel it shows and hides. */
  controls: string;
  /** Accessible name while closed. */
  openLabel?: string;
  /** Accessible name while open. */
  closeLabel?: string;
}

/**
 * The burger button of a collapsible menu (a disclosure): icon plus a visible word, named
 * 'Abrir menú' or 'Cerrar menú' and with `aria-expanded` as the panel shows or hides.
 */
export function MenuButton({
  open,
  controls,
  openLabel = 'Abrir menú',
  closeLabel = 'Cerrar menú',
  variant = 'outline',
  className,
  children = 'Menú',
  ...props
}: MenuButtonProps) {
  const Icon = open ? X : Menu;
  return (
    <Button
      data-slot="menu-button"
      data-state={open ? 'open' : 'closed'}
      variant={variant}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? closeLabel : openLabel}
      padding="narrow"
      className={className}
      {...props}
    >
      <Icon aria-hidden="true" focusable="false" />
      {children}
    </Button>
  );
}

/**
 * State of a menu that a `MenuButton` shows and hides. Escape closes it and, when focus was in
 * the menu's container, returns focus to the button.
 */
export function useMenuDisclosure<Container extends HTMLElement>() {
  const [open, setOpen] = React.useState(false);
  const buttonRef = React.useRef<HTMLButtonElement>(null);
  const containerRef = React.useRef<Container>(null);
  const panelId = `menu${React.useId().replace(/[^\w-]/g, '')}`;

  React.useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const active = document.activeElement;
      const focusWasInside =
        active === null || active === document.body || containerRef.current?.contains(active);
      setOpen(false);
      if (focusWasInside) buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const close = React.useCallback(() => {
    setOpen(false);
  }, []);
  const toggle = React.useCallback(() => {
    setOpen((wasOpen) => !wasOpen);
  }, []);

  return { open, close, toggle, panelId, containerRef, buttonRef };
}
