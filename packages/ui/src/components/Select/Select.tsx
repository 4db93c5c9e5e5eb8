import * as SelectPrimitive from '@radix-ui/react-select';
import { cva } from 'class-variance-authority';
import CheckDrawing from 'lucide/dist/esm/icons/check.mjs';
import ChevronDownDrawing from 'lucide/dist/esm/icons/chevron-down.mjs';
import type * as React from 'react';
import { useCallback, useEffect, useState } from 'react';

import { cn } from '../../lib/cn';
import { icon } from '../../lib/icon';
import { useFieldControl } from '../Field';

const Check = icon(CheckDrawing);
const ChevronDown = icon(ChevronDownDrawing);

export const selectTriggerVariants = cva([
  'flex min-h-11 w-full min-w-0 cursor-pointer items-center justify-between gap-2 rounded-md border-2',
  'border-input bg-surface px-3 py-2 text-start text-base text-surface-foreground transition-colors',
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
  'aria-invalid:border-danger data-placeholder:text-muted-foreground',
  'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
]);

type TriggerProps = React.ComponentProps<typeof SelectPrimitive.Trigger>;

export interface SelectProps
  extends
    React.ComponentProps<typeof SelectPrimitive.Root>,
    Pick<
      TriggerProps,
      | 'id'
      | 'className'
      | 'ref'
      | 'aria-describedby'
      | 'aria-invalid'
      | 'aria-label'
      | 'aria-labelledby'
      | 'onBlur'
      | 'onFocus'
    > {
  /** Shown while nothing is chosen. */
  placeholder?: string;
  /** Classes for the list that opens. */
  contentClassName?: string;
}

/**
 * While it runs, makes `inert` every element Radix hides with aria-hidden (it marks them with
 * `data-aria-hidden`, in an effect of the list that runs after the list has mounted), and
 * returns the undo. The aria-hidden package is not used for this: it counts hides per element,
 * not per attribute, so its two kinds of hiding on one element undo each other badly.
 */
function inertWhileHidden(): () => void {
  const made = new Set<HTMLElement>();
  const sweep = () => {
    for (const element of document.querySelectorAll<HTMLElement>('[data-aria-hidden]')) {
      if (element.inert) continue;
      element.inert = true;
      made.add(element);
    }
  };
  sweep();
  const observer = new MutationObserver(sweep);
  observer.observe(document.body, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-aria-hidden'],
  });
  return () => {
    observer.disconnect();
    for (const element of made) element.inert = false;
  };
}

/**
 * A list to choose one option from (Radix Select). Its options are `SelectItem` children. Inside
 * a Field the button takes the field's label, description and state.
 */
export function Select({
  placeholder = 'Selecciona una opción',
  contentClassName,
  id,
  className,
  ref,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  'aria-label': label,
  'aria-labelledby': labelledBy,
  onBlur,
  onFocus,
  required,
  disabled,
  children,
  ...rootProps
}: SelectProps) {
  // While the list is open Radix hides the rest of the page from assistive technology
  // (aria-hidden) but leaves it focusable; `inert` takes it out of the focus order as well, so
  // nothing hidden can be reached (WCAG 4.1.2, axe's aria-hidden-focus). Undone on close.
  const [open, setOpen] = useState(rootProps.defaultOpen ?? false);
  const isOpen = rootProps.open ?? open;
  useEffect(() => (isOpen ? inertWhileHidden() : undefined), [isOpen]);
  const { onOpenChange } = rootProps;
  const handleOpenChange = useCallback(
    (next: boolean) => {
      setOpen(next);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );
  const control = useFieldControl({
    id,
    'aria-describedby': describedBy,
    'aria-invalid': invalid,
    required,
    disabled,
  });
  return (
    <SelectPrimitive.Root
      required={control.required}
      disabled={control.disabled}
      {...rootProps}
      onOpenChange={handleOpenChange}
    >
      <SelectPrimitive.Trigger
        data-slot="select-trigger"
        ref={ref}
        id={control.id}
        aria-describedby={control['aria-describedby']}
        aria-invalid={control['aria-invalid']}
        aria-label={label}
        aria-labelledby={labelledBy}
        onBlur={onBlur}
        onFocus={onFocus}
        className={cn(selectTriggerVariants(), className)}
      >
        <span data-slot="select-value" className="min-w-0 flex-1">
          <SelectPrimitive.Value placeholder={placeholder} />
        </span>
        <SelectPrimitive.Icon asChild>
          <ChevronDown aria-hidden="true" focusable="false" className="size-5 shrink-0" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          data-slot="select-content"
          position="popper"
          sideOffset={4}
          collisionPadding={8}
          className={cn(
            'z-50 max-h-(--radix-select-content-available-height) min-w-(--radix-select-trigger-width)',
            'max-w-(--radix-select-content-available-width) overflow-hidden rounded-md border-2',
            'border-input bg-surface text-surface-foreground shadow-lg',
            contentClassName,
          )}
        >
          <SelectPrimitive.Viewport data-slot="select-viewport" className="p-1">
            {children}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}

export function SelectItem({
  className,
  children,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      data-slot="select-item"
      className={cn(
        'relative flex min-h-11 cursor-pointer items-center rounded-sm py-2 ps-9 pe-3 text-base select-none',
        'outline-none data-highlighted:bg-primary data-highlighted:text-primary-foreground',
        'data-[state=checked]:font-semibold data-disabled:cursor-not-allowed data-disabled:opacity-60',
        className,
      )}
      {...props}
    >
      <span className="absolute start-2 inline-flex size-5 items-center justify-center">
        <SelectPrimitive.ItemIndicator data-slot="select-item-indicator">
          <Check aria-hidden="true" focusable="false" className="size-5" />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}
