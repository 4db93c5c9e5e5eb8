import { cva } from 'class-variance-authority';
import CheckDrawing from 'lucide/dist/esm/icons/check.mjs';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { FieldError, useLabelledControl } from '../Field';
import { Label, RequiredMark } from '../Label';
import { icon } from '../../lib/icon';

const Check = icon(CheckDrawing);

export const checkboxVariants = cva([
  'peer size-6 shrink-0 cursor-pointer appearance-none rounded-sm border-2',
  'border-input bg-surface transition-colors',
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
  'checked:border-primary checked:bg-primary',
  'aria-invalid:border-danger disabled:cursor-not-allowed disabled:opacity-60',
]);

export interface CheckboxProps extends Omit<React.ComponentProps<'input'>, 'type' | 'children'> {
  /** Text next to the box; it may contain links (they work without ticking the box). */
  label: React.ReactNode;
  /** Help under the label, read after it. */
  hint?: React.ReactNode;
  /** Error message above the box; the box is then marked invalid. */
  error?: React.ReactNode;
  /** Called with the new state each time the box is ticked or unticked. */
  onCheckedChange?: ((checked: boolean) => void) | undefined;
}

/**
 * A box to tick with its label beside it, an optional hint and an error message, wired like a
 * Field: the error starts with a hidden "Error:", hint and error describe the box, and `id` is
 * the box's own, so an error summary can link to it. Inside a Field it takes that field's id,
 * description and state too. It is the browser's own checkbox, drawn by the kit: it can be
 * ticked before the page's scripts have started and it is sent with a native form.
 */
export function Checkbox({
  label,
  hint,
  error,
  className,
  onCheckedChange,
  onChange,
  ...props
}: CheckboxProps) {
  // `control` sets every prop the Field wiring owns, so spreading it after `props` wins.
  const { hintId, errorId, hasHint, invalid, control } = useLabelledControl({
    idPrefix: 'checkbox',
    hint,
    error,
    ...props,
  });
  const controlId = control.id;

  return (
    <div
      data-slot="checkbox-field"
      data-invalid={invalid || undefined}
      data-disabled={control.disabled || undefined}
      className={cn('flex flex-col gap-2', invalid && 'border-s-4 border-danger ps-4', className)}
    >
      {invalid ? (
        <FieldError id={errorId} slot="checkbox-error">
          {error}
        </FieldError>
      ) : null}
      <div data-slot="checkbox-item" className="flex items-start gap-3">
        <span className="relative mt-0.5 inline-flex shrink-0">
          <input
            type="checkbox"
            data-slot="checkbox"
            className={checkboxVariants()}
            {...props}
            {...control}
            aria-required={control.required || undefined}
            onChange={(event) => {
              onChange?.(event);
              onCheckedChange?.(event.currentTarget.checked);
            }}
          />
          <Check
            aria-hidden="true"
            focusable="false"
            strokeWidth={3}
            data-slot="checkbox-indicator"
            className="pointer-events-none absolute inset-1 hidden size-4 text-primary-foreground peer-checked:block"
          />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <Label
            htmlFor={controlId}
            data-slot="checkbox-label"
            variant="option"
            className={control.disabled ? 'cursor-not-allowed opacity-70' : 'cursor-pointer'}
          >
            {label}
            {control.required ? <RequiredMark /> : null}
          </Label>
          {hasHint ? (
            <p id={hintId} data-slot="checkbox-hint" className="text-muted-foreground">
              {hint}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
