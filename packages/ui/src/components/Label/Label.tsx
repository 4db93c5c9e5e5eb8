import * as LabelPrimitive from '@radix-ui/react-label';
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '../../lib/cn';

const labelDefaults = { variant: 'field' } as const;

export const labelVariants = cva('text-foreground', {
  variants: {
    variant: {
      /** A field's label. */
      field: 'text-base leading-snug font-semibold',
      /** An option's text beside its control (a checkbox). */
      option: 'text-base leading-snug font-normal',
      /** The label that is the page's heading, in one-question-per-page forms. */
      heading: 'text-3xl leading-tight font-bold',
    },
  },
  defaultVariants: labelDefaults,
});

type LabelVariant = NonNullable<VariantProps<typeof labelVariants>['variant']>;

export interface LabelProps extends React.ComponentProps<typeof LabelPrimitive.Root> {
  variant?: LabelVariant;
}

export function Label({ variant = labelDefaults.variant, className, ...props }: LabelProps) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn(labelVariants({ variant }), className)}
      {...props}
    />
  );
}

/**
 * The mark after the label of a required control: an asterisk for the eye and "(obligatorio)"
 * for screen readers, which do not read the asterisk.
 */
export function RequiredMark() {
  return (
    <>
      <span data-slot="required-mark" aria-hidden="true" className="ms-1 text-danger-strong">
        *
      </span>
      <span className="sr-only"> (obligatorio)</span>
    </>
  );
}
