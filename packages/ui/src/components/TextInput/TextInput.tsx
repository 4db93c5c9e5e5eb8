import { cva } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '../../lib/cn';
import { useFieldControl } from '../Field';

export const inputVariants = cva(
  [
    'block w-full min-w-0 rounded-md border-2 border-input bg-surface px-3 py-2',
    'text-base text-surface-foreground transition-colors placeholder:text-muted-foreground',
    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
    'aria-invalid:border-danger',
    'read-only:bg-muted disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
  ],
  {
    variants: {
      /** `multiple` for a text area: taller, and the person can make it taller still. */
      lines: { single: 'min-h-11', multiple: 'min-h-24 resize-y' },
    },
    defaultVariants: { lines: 'single' },
  },
);

const addonClasses =
  'inline-flex shrink-0 items-center border-2 border-input bg-muted px-3 font-semibold text-muted-foreground';

export interface TextInputProps extends React.ComponentProps<'input'> {
  /** Text before the value, e.g. a currency symbol. Hidden from screen readers: say the unit in the label. */
  startAddon?: React.ReactNode;
  /** Text after the value, e.g. '€' or '%'. Hidden from screen readers: say the unit in the label. */
  endAddon?: React.ReactNode;
}

/**
 * A single-line text box. Inside a Field it takes the field's id, description and state.
 * `className` goes on the outermost element (the group when there are addons).
 */
export function TextInput({
  startAddon,
  endAddon,
  className,
  type = 'text',
  ...props
}: TextInputProps) {
  const controlProps = useFieldControl(props);
  const hasAddons = Boolean(startAddon) || Boolean(endAddon);

  const input = (
    <input
      data-slot="text-input"
      type={type}
      className={cn(
        inputVariants(),
        hasAddons ? 'flex-1 focus-visible:outline-none' : className,
        Boolean(startAddon) && 'rounded-s-none',
        Boolean(endAddon) && 'rounded-e-none',
      )}
      {...controlProps}
    />
  );
  if (!hasAddons) return input;

  return (
    <div
      data-slot="text-input-group"
      className={cn(
        'flex w-full items-stretch rounded-md',
        'focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-ring',
        className,
      )}
    >
      {startAddon ? (
        <span
          data-slot="text-input-addon"
          aria-hidden="true"
          className={cn(addonClasses, 'rounded-s-md border-e-0')}
        >
          {startAddon}
        </span>
      ) : null}
      {input}
      {endAddon ? (
        <span
          data-slot="text-input-addon"
          aria-hidden="true"
          className={cn(addonClasses, 'rounded-e-md border-s-0')}
        >
          {endAddon}
        </span>
      ) : null}
    </div>
  );
}
