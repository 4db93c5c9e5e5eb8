import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '../../lib/cn';
import { SpinnerIcon } from '../Spinner';

const buttonDefaults = { variant: 'primary', size: 'md' } as const;

export const buttonVariants = cva(
  [
    'relative inline-flex cursor-pointer items-center justify-center gap-2 rounded-md border-2 border-transparent',
    'text-center leading-tight font-semibold transition-colors select-none',
    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
    'disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress',
    '[&_svg]:pointer-events-none [&_svg]:size-[1.25em] [&_svg]:shrink-0',
  ],
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground not-disabled:hover:bg-primary-hover',
        secondary: 'bg-secondary text-secondary-foreground not-disabled:hover:bg-secondary-hover',
        outline: 'border-input bg-surface text-surface-foreground not-disabled:hover:bg-muted',
        ghost: 'bg-transparent text-foreground not-disabled:hover:bg-muted',
        destructive: 'bg-danger text-danger-foreground not-disabled:hover:bg-danger-hover',
        link: 'rounded-sm bg-transparent text-link underline underline-offset-4 not-disabled:hover:text-link-hover not-disabled:hover:decoration-2',
      },
      size: {
        sm: 'min-h-9 px-3 py-1.5 text-sm',
        md: 'min-h-11 px-5 py-2 text-base',
        lg: 'min-h-13 px-7 py-3 text-lg',
        icon: 'size-11 p-0',
      },
    },
    compoundVariants: [{ variant: 'link', className: 'min-h-0 border-0 px-0 py-0' }],
    defaultVariants: buttonDefaults,
  },
);

type ButtonVariant = NonNullable<VariantProps<typeof buttonVariants>['variant']>;
type ButtonSize = NonNullable<VariantProps<typeof buttonVariants>['size']>;

export interface ButtonProps extends React.ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Renders the single child element (a router link, an `<a>`) with the button's look and behaviour. */
  asChild?: boolean;
  /**
   * Pass `busy` (true or false) on buttons that start slow work, from the first render: the
   * button then keeps the width of its widest state and owns a live region that announces
   * `busyLabel`. While busy it stays focusable and ignores clicks and form submission.
   */
  busy?: boolean;
  /** Shown and announced while busy, e.g. 'Iniciando sesión...'. */
  busyLabel?: string;
}

export function Button({
  variant = buttonDefaults.variant,
  size = buttonDefaults.size,
  asChild = false,
  busy,
  busyLabel = 'Procesando...',
  type = 'button',
  className,
  onClick,
  children,
  ...props
}: ButtonProps) {
  const dataAttributes = { 'data-slot': 'button', 'data-variant': variant, 'data-size': size };
  const classes = cn(buttonVariants({ variant, size }), className);

  if (asChild) {
    return (
      <Slot {...dataAttributes} className={classes} onClick={onClick} {...props}>
        {children}
      </Slot>
    );
  }

  if (busy === undefined) {
    return (
      <button {...dataAttributes} type={type} className={classes} onClick={onClick} {...props}>
        {children}
      </button>
    );
  }

  const handleClick = (event: React.MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      // Keeps a busy submit button from submitting the form a second time.
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };

  // Both faces share one grid cell, so the button is as wide as the wider of the two and does
  // not jump when it turns busy; the hidden face is `invisible`, which also drops it from the
  // accessible name.
  const face = 'col-start-1 row-start-1 inline-flex items-center justify-center gap-2';
  return (
    <>
      <button
        {...dataAttributes}
        type={type}
        aria-busy={busy || undefined}
        aria-disabled={busy || undefined}
        className={cn(classes, 'inline-grid place-items-center')}
        onClick={handleClick}
        {...props}
      >
        <span data-slot="button-content" className={cn(face, busy && 'invisible')}>
          {children}
        </span>
        <span data-slot="button-busy" className={cn(face, !busy && 'invisible')}>
          <SpinnerIcon size="sm" />
          {busyLabel}
        </span>
      </button>
      {/* A name change on the focused button is not announced reliably; this region is. It sits
          outside the button because a button's children are presentational. */}
      <span role="status" data-slot="button-status" className="sr-only">
        {busy ? busyLabel : ''}
      </span>
    </>
  );
}
