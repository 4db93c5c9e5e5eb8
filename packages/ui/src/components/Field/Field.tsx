import { cva, type VariantProps } from 'class-variance-authority';
import CircleAlertDrawing from 'lucide/dist/esm/icons/circle-alert.mjs';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { Label, RequiredMark } from '../Label';
import { icon } from '../../lib/icon';

const CircleAlert = icon(CircleAlertDrawing);

interface FieldContextValue {
  controlId: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
  disabled: boolean;
}

const FieldContext = React.createContext<FieldContextValue | null>(null);

export interface FieldProps extends Omit<React.ComponentProps<'div'>, 'id'> {
  /** The control's visible name. */
  label: React.ReactNode;
  /** Help shown under the label and read after the name. */
  hint?: React.ReactNode;
  /** Error message; when present the control is marked invalid and the message is read with it. */
  error?: React.ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** The control's id (the field's wrapper has none), so error summaries can link to `#id`. */
  id?: string;
  /** Wraps the label in the page's `<h1>`, for one-question-per-page forms. */
  labelIsPageHeading?: boolean;
}

/**
 * Label, hint, error and one control. The control takes its id, description, invalid and
 * required state from the field through `useFieldControl`.
 */
export function Field({
  label,
  hint,
  error,
  required = false,
  disabled = false,
  id,
  labelIsPageHeading = false,
  className,
  children,
  ...props
}: FieldProps) {
  const generatedId = React.useId();
  const controlId = id ?? `field${generatedId.replace(/[^\w-]/g, '')}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasHint = hint !== undefined && hint !== null && hint !== '';
  const invalid = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = joinIds(hasHint ? hintId : undefined, invalid ? errorId : undefined);

  const context = React.useMemo(
    () => ({ controlId, describedBy, invalid, required, disabled }),
    [controlId, describedBy, invalid, required, disabled],
  );

  const labelElement = (
    <Label htmlFor={controlId} variant={labelIsPageHeading ? 'heading' : 'field'}>
      {label}
      {required ? <RequiredMark /> : null}
    </Label>
  );

  return (
    <FieldContext value={context}>
      <div
        data-slot="field"
        data-invalid={invalid || undefined}
        data-disabled={disabled || undefined}
        className={cn(
          'flex flex-col gap-1.5',
          invalid && 'border-s-4 border-danger ps-4',
          className,
        )}
        {...props}
      >
        {labelIsPageHeading ? (
          <h1 data-slot="field-heading" className="mb-2">
            {labelElement}
          </h1>
        ) : (
          labelElement
        )}
        {hasHint ? (
          <p id={hintId} data-slot="field-hint" className="text-muted-foreground">
            {hint}
          </p>
        ) : null}
        {invalid ? <FieldError id={errorId}>{error}</FieldError> : null}
        {children}
      </div>
    </FieldContext>
  );
}

export interface FieldControlProps {
  id?: string | undefined;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: React.AriaAttributes['aria-invalid'];
  required?: boolean | undefined;
  disabled?: boolean | undefined;
}

/**
 * Merges the enclosing Field's wiring into a control's props: the field's id, its hint and
 * error ids in `aria-describedby`, `aria-invalid`, `required` and `disabled`. Outside a Field
 * it returns the props unchanged. Spread the result on the focusable element.
 */
export function useFieldControl<Props extends FieldControlProps>(props: Props): Props {
  const field = React.use(FieldContext);
  if (!field) return props;
  return {
    ...props,
    id: field.controlId,
    'aria-describedby': joinIds(field.describedBy, props['aria-describedby']),
    'aria-invalid': props['aria-invalid'] ?? (field.invalid || undefined),
    required: props.required ?? (field.required || undefined),
    disabled: props.disabled ?? (field.disabled || undefined),
  };
}

export interface LabelledControlOptions extends FieldControlProps {
  /** Start of the generated id when none is given, e.g. 'checkbox'. */
  idPrefix: string;
  hint?: React.ReactNode;
  error?: React.ReactNode;
}

/**
 * The wiring of a control that carries its own label, hint and error (Checkbox,
 * RadioCardGroup) instead of sitting in a Field: its id, the ids of its hint and error, and the
 * control props with those in `aria-describedby` and `aria-invalid`, merged with an enclosing
 * Field's through `useFieldControl`.
 */
export function useLabelledControl({
  idPrefix,
  hint,
  error,
  id,
  'aria-describedby': describedBy,
  'aria-invalid': ariaInvalid,
  required,
  disabled,
}: LabelledControlOptions) {
  const generatedId = `${idPrefix}${React.useId().replace(/[^\w-]/g, '')}`;
  const ownId = id ?? generatedId;
  const hintId = `${ownId}-hint`;
  const errorId = `${ownId}-error`;
  const hasHint = hint !== undefined && hint !== null && hint !== '';
  const invalid = error !== undefined && error !== null && error !== false && error !== '';
  const control = useFieldControl({
    id: ownId,
    'aria-describedby': joinIds(
      hasHint ? hintId : undefined,
      invalid ? errorId : undefined,
      describedBy,
    ),
    'aria-invalid': ariaInvalid ?? (invalid || undefined),
    required,
    disabled,
  });
  return { ownId, hintId, errorId, hasHint, invalid, control };
}

function joinIds(...ids: (string | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

export const fieldErrorVariants = cva('flex items-start gap-1.5 font-semibold text-danger-strong', {
  variants: {
    size: {
      md: '[&>svg]:size-5',
      /** Inside compact rows, such as a file in an upload list. */
      sm: 'text-sm [&>svg]:size-4',
    },
  },
  defaultVariants: { size: 'md' },
});

export interface FieldErrorProps extends VariantProps<typeof fieldErrorVariants> {
  id: string;
  /** The part's `data-slot`, named after the control it belongs to. */
  slot?: string;
  className?: string;
  children: React.ReactNode;
}

/**
 * A control's error message: the text in the danger colour with an icon, and a hidden 'Error: '
 * so a screen reader says what it is. Field uses it, and so do the controls that label
 * themselves (Checkbox, RadioCardGroup, Slider, FileUploadRow); point the control's
 * `aria-describedby` at `id`.
 */
export function FieldError({
  id,
  slot = 'field-error',
  size,
  className,
  children,
}: FieldErrorProps) {
  return (
    <p id={id} data-slot={slot} className={cn(fieldErrorVariants({ size }), className)}>
      <CircleAlert aria-hidden="true" focusable="false" className="mt-0.5 shrink-0" />
      <span>
        <span className="sr-only">Error: </span>
        {children}
      </span>
    </p>
  );
}
