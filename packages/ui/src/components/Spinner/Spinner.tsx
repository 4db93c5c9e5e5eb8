import { cva, type VariantProps } from 'class-variance-authority';
import LoaderCircleDrawing from 'lucide/dist/esm/icons/loader-circle.mjs';
import type * as React from 'react';

import { cn } from '../../lib/cn';
import { icon } from '../../lib/icon';

const LoaderCircle = icon(LoaderCircleDrawing);

const spinnerDefaults = { size: 'md' } as const;

export const spinnerVariants = cva('shrink-0 motion-safe:animate-spin', {
  variants: {
    size: {
      sm: 'size-4',
      md: 'size-6',
      lg: 'size-10',
    },
  },
  defaultVariants: spinnerDefaults,
});

type SpinnerSize = NonNullable<VariantProps<typeof spinnerVariants>['size']>;

export interface SpinnerIconProps extends React.ComponentProps<typeof LoaderCircle> {
  size?: SpinnerSize;
}

/** The spinning drawing alone, hidden from assistive technology. Use it inside something that is already announced. */
export function SpinnerIcon({
  size = spinnerDefaults.size,
  className,
  ...props
}: SpinnerIconProps) {
  return (
    <LoaderCircle
      aria-hidden="true"
      focusable="false"
      data-slot="spinner-icon"
      data-size={size}
      className={cn(spinnerVariants({ size }), className)}
      {...props}
    />
  );
}

export interface SpinnerProps extends React.ComponentProps<'span'> {
  size?: SpinnerSize;
  /** What screen readers hear; the drawing itself is hidden from them. */
  label?: string;
}

export function Spinner({
  size = spinnerDefaults.size,
  label = 'Cargando...',
  className,
  ...props
}: SpinnerProps) {
  return (
    <span
      role="status"
      data-slot="spinner"
      data-size={size}
      className={cn('inline-flex text-primary', className)}
      {...props}
    >
      <SpinnerIcon size={size} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
