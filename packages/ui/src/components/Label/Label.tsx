import * as LabelPrimitive from '@radix-ui/react-label';
import type * as React from 'react';

import { cn } from '../../lib/cn';

export function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn('text-base leading-snug font-semibold text-foreground', className)}
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
