import type * as React from 'react';

import { cn } from '../../lib/cn';

export interface SkipLinkProps extends Omit<React.ComponentProps<'a'>, 'href'> {
  /** The `id` of the page's `<main>`. */
  targetId?: string;
}

/**
 * First focusable element of a page: hidden until focused, it moves focus to the main content.
 */
export function SkipLink({
  targetId = 'contenido-principal',
  className,
  onClick,
  children = 'Saltar al contenido principal',
  ...props
}: SkipLinkProps) {
  const handleClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    const target = document.getElementById(targetId);
    if (!target) return;
    // Focus is moved by hand: following the fragment does not move keyboard focus to a
    // non-focusable <main> in every browser, and a `<base target>` would send the fragment to
    // another frame. The temporary tabindex is dropped on blur so clicks inside main do not
    // focus it.
    event.preventDefault();
    if (!target.hasAttribute('tabindex')) {
      target.setAttribute('tabindex', '-1');
      target.addEventListener(
        'blur',
        () => {
          target.removeAttribute('tabindex');
        },
        { once: true },
      );
    }
    target.focus();
  };

  return (
    <a
      data-slot="skip-link"
      href={`#${targetId}`}
      onClick={handleClick}
      className={cn(
        // In the flow when shown, so it pushes the page down instead of covering the brand.
        'sr-only focus:not-sr-only focus:m-2',
        'focus:inline-flex focus:min-h-11 focus:items-center focus:rounded-md focus:bg-surface focus:px-4 focus:py-2',
        'font-semibold text-link underline underline-offset-[0.2em]',
        'focus:outline-3 focus:outline-offset-2 focus:outline-ring',
        className,
      )}
      {...props}
    >
      {children}
    </a>
  );
}
