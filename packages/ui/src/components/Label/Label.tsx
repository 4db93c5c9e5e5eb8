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

export interface LabelProps extends React.ComponentProps<'label'> {
  variant?: LabelVariant;
}

/** The browser's own `<label>`, styled by variant; callers tie it to its control. */
export function Label({ variant = labelDefaults.variant, className, ...props }: LabelProps) {
  return (
    // eslint-disable-next-line jsx-a11y/label-has-associated-control -- every caller passes `htmlFor` or wraps its control.
    <label data-slot="label" className={cn(labelVariants({ variant }), className)} {...props} />
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
