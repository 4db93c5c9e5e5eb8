import { cva } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '../../lib/cn';
import { useFieldControl } from '../Field';

export const nativeSelectVariants = cva(
  [
    'block min-h-11 min-w-0 cursor-pointer rounded-md border-2 border-input bg-surface py-2',
    'text-base text-surface-foreground transition-colors',
    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
    'aria-invalid:border-danger disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
  ],
  {
    variants: {
      /** `inline`: as wide as its options, inside a line of text (a page size). */
      layout: { block: 'w-full px-3', inline: 'w-auto px-2' },
    },
    defaultVariants: { layout: 'block' },
  },
);

export type NativeSelectProps = React.ComponentProps<'select'>;

/**
 * The browser's own list, for filters and dense screens where an empty "Todos" option is
 * needed (Radix Select has no empty value) or the list is long. Inside a Field it takes the
 * field's id, label, description and state like the other controls.
 */
export function NativeSelect({ className, children, ...props }: NativeSelectProps) {
  const controlProps = useFieldControl(props);
  return (
    <select
      data-slot="native-select"
      className={cn(nativeSelectVariants(), className)}
      {...controlProps}
    >
      {children}
    </select>
  );
}
