import { Slot } from '../../lib/slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '../../lib/cn';
import { SpinnerIcon } from '../Spinner';

const buttonDefaults = {
  variant: 'primary',
  size: 'md',
  padding: 'normal',
  align: 'center',
  ring: 'default',
  display: 'flex',
} as const;

/** Every variant drawn as a box; `link` is drawn as text. */
const boxed: ['primary', 'secondary', 'outline', 'ghost', 'destructive'] = [
  'primary',
  'secondary',
  'outline',
  'ghost',
  'destructive',
];

/**
 * Each CSS property is set by exactly one class: `cn` does not merge, and Tailwind orders its
 * rules by utility, not by the order of the class attribute. So what differs between variants
 * (border colour, radius, padding, alignment, focus colour, display) lives in the variants, and
 * no class of the base is overridden by a variant or a caller.
 */
export const buttonVariants = cva(
  [
    'cursor-pointer items-center gap-2',
    'text-center font-semibold transition-colors select-none',
    'focus-visible:outline-3 focus-visible:outline-offset-2',
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
        link: 'rounded-sm border-0 bg-transparent text-link underline underline-offset-4 not-disabled:hover:text-link-hover not-disabled:hover:decoration-2',
      },
      size: {
        sm: 'text-sm',
        md: 'text-base',
        lg: 'text-lg',
        icon: 'size-11 p-0 leading-tight',
      },
      /** `narrow`: less space at the sides, for a button beside others in a tight row. */
      padding: { normal: '', narrow: '' },
      align: { center: 'justify-center', start: 'justify-start' },
      /** `inverse`: a focus outline that stands out on a primary-coloured band. */
      ring: {
        default: 'focus-visible:outline-ring',
        inverse: 'focus-visible:outline-primary-foreground',
      },
      /** `grid` stacks the faces of a busy button in one cell. */
      display: { flex: 'inline-flex', grid: 'inline-grid place-items-center' },
    },
    compoundVariants: [
      { variant: boxed, className: 'rounded-md border-2' },
      {
        variant: ['primary', 'secondary', 'ghost', 'destructive'],
        className: 'border-transparent',
      },
      { variant: boxed, size: 'sm', className: 'min-h-9 py-1.5' },
      { variant: boxed, size: 'md', className: 'min-h-11 py-2' },
      { variant: boxed, size: 'lg', className: 'min-h-13 py-3' },
      { variant: boxed, size: 'sm', padding: 'normal', className: 'px-3' },
      { variant: boxed, size: 'md', padding: 'normal', className: 'px-5' },
      { variant: boxed, size: 'lg', padding: 'normal', className: 'px-7' },
      { variant: boxed, size: ['sm', 'md', 'lg'], padding: 'narrow', className: 'px-3' },
    ],
    defaultVariants: buttonDefaults,
  },
);

type ButtonVariant = NonNullable<VariantProps<typeof buttonVariants>['variant']>;
type ButtonSize = NonNullable<VariantProps<typeof buttonVariants>['size']>;
type ButtonPadding = NonNullable<VariantProps<typeof buttonVariants>['padding']>;
type ButtonAlign = NonNullable<VariantProps<typeof buttonVariants>['align']>;
type ButtonRing = NonNullable<VariantProps<typeof buttonVariants>['ring']>;

export interface ButtonProps extends React.ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** `narrow` keeps the height of the size but less space at the sides. */
  padding?: ButtonPadding;
  /** `start` puts icon and label at the start, e.g. in a full-width menu entry. */
  align?: ButtonAlign;
  /** `inverse` on a primary-coloured band, where the usual focus colour does not stand out. */
  ring?: ButtonRing;
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
  padding = buttonDefaults.padding,
  align = buttonDefaults.align,
  ring = buttonDefaults.ring,
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
  // `relative` is the button's own, not its variants': buttonVariants' other users position
  // their element themselves.
  const classes = (display: 'flex' | 'grid') =>
    cn('relative', buttonVariants({ variant, size, padding, align, ring, display }), className);

  if (asChild) {
    return (
      <Slot {...dataAttributes} className={classes('flex')} onClick={onClick} {...props}>
        {children}
      </Slot>
    );
  }

  if (busy === undefined) {
    return (
      <button
        {...dataAttributes}
        type={type}
        className={classes('flex')}
        onClick={onClick}
        {...props}
      >
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
        className={classes('grid')}
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
