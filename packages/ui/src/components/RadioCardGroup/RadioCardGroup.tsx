import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { FieldError, useLabelledControl } from '../Field';
import { RequiredMark } from '../Label';

const radioCardGroupDefaults = { layout: 'stack' } as const;

export const radioCardGroupVariants = cva('group/radio-cards grid gap-3', {
  variants: {
    layout: {
      stack: 'grid-cols-1',
      grid: 'grid-cols-1 sm:grid-cols-2',
    },
  },
  defaultVariants: radioCardGroupDefaults,
});

/**
 * The card, a `<label>` around its radio: it takes the radio's states with `has-*`, so the
 * whole card shows the choice, the keyboard focus and the disabled state.
 */
export const radioCardVariants = cva([
  'group/radio-card flex min-h-11 w-full cursor-pointer items-start gap-3 rounded-md border-2 border-input',
  'bg-surface p-4 text-start text-surface-foreground transition-colors not-has-disabled:hover:bg-muted',
  'has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
  'group-aria-invalid/radio-cards:border-danger',
  'has-checked:border-primary has-checked:bg-primary-subtle',
  'has-checked:text-foreground has-checked:not-has-disabled:hover:bg-primary-subtle',
  'has-disabled:cursor-not-allowed has-disabled:opacity-60',
]);

type RadioCardGroupLayout = NonNullable<VariantProps<typeof radioCardGroupVariants>['layout']>;

export interface RadioCardGroupProps {
  /** The question the options answer; it names the group. */
  legend: React.ReactNode;
  /** Help under the question, read after it. */
  hint?: React.ReactNode;
  /** Error message; the group is then marked invalid and the message is read with it. */
  error?: React.ReactNode;
  /** Puts the question inside the page's `<h1>`, for one-question-per-page forms. */
  legendIsPageHeading?: boolean;
  /** `grid` puts the cards in two columns from 640 px up. */
  layout?: RadioCardGroupLayout;
  /** Classes for the wrapper around question, hint, error and cards. */
  className?: string;
  /** The chosen option's `value`, for a controlled group; `''` chooses none. */
  value?: string;
  /** The option chosen at first, for an uncontrolled group. */
  defaultValue?: string;
  /** Called with the option's `value` each time the person chooses another one. */
  onValueChange?: (value: string) => void;
  /** The radios' `name`, sent with a native form; one is generated when not given. */
  name?: string;
  /** Marks the group required: `aria-required` on it, `required` on its radios. */
  required?: boolean;
  /** Disables every option. */
  disabled?: boolean;
  /** The group's id, so an error summary can link to it. */
  id?: string;
  /** More ids describing the group, read after the hint and the error. */
  'aria-describedby'?: string;
  /** Marks the group invalid without an error message of its own. */
  'aria-invalid'?: React.AriaAttributes['aria-invalid'];
  /** The options: `RadioCard` elements. */
  children?: React.ReactNode;
}

interface RadioCardGroupContextValue {
  name: string;
  /** The chosen option's value; undefined when none is. */
  value: string | undefined;
  disabled: boolean;
  required: boolean;
  choose: (value: string) => void;
}

const RadioCardGroupContext = React.createContext<RadioCardGroupContextValue | null>(null);

/**
 * One choice among a few options shown as cards, built on the browser's own radio buttons
 * (`<input type="radio">`, one `name` per group): one Tab reaches the group, at the chosen
 * option or else the first; the arrow keys move and choose, Space chooses; the choice can be
 * made before the page's scripts have started and is sent with a native form.
 * The question, hint and error are wired like a Field's: the question names the group
 * (`role="radiogroup"`), hint and error describe it. `id` goes on the group, so an error
 * summary can link to it; its link focuses the chosen radio or the first.
 * Controlled with `value` and `onValueChange`, or uncontrolled with `defaultValue`.
 */
export function RadioCardGroup({
  legend,
  hint,
  error,
  legendIsPageHeading = false,
  layout = radioCardGroupDefaults.layout,
  className,
  value,
  defaultValue,
  onValueChange,
  name,
  children,
  ...props
}: RadioCardGroupProps) {
  const { ownId, hintId, errorId, hasHint, invalid, control } = useLabelledControl({
    idPrefix: 'radios',
    hint,
    error,
    ...props,
  });
  // `required` and `disabled` belong to the radios; the rest of the wiring to the group.
  const { required = false, disabled = false, ...groupWiring } = control;
  const legendId = `${ownId}-legend`;
  const generatedName = `radios${React.useId().replace(/[^\w-]/g, '')}`;
  const groupName = name ?? generatedName;

  const [uncontrolledValue, setUncontrolledValue] = React.useState(defaultValue);
  const controlled = value !== undefined;
  const currentValue = controlled ? value : uncontrolledValue;

  const context = React.useMemo<RadioCardGroupContextValue>(
    () => ({
      name: groupName,
      value: currentValue,
      disabled,
      required,
      choose: (chosen) => {
        if (!controlled) setUncontrolledValue(chosen);
        onValueChange?.(chosen);
      },
    }),
    [groupName, currentValue, disabled, required, controlled, onValueChange],
  );

  const legendContent = (
    <>
      {legend}
      {required ? <RequiredMark /> : null}
    </>
  );

  return (
    <div
      data-slot="radio-card-group-field"
      data-invalid={invalid || undefined}
      className={cn('flex flex-col gap-1.5', invalid && 'border-s-4 border-danger ps-4', className)}
    >
      {legendIsPageHeading ? (
        <h1
          id={legendId}
          data-slot="radio-card-group-legend"
          className="mb-2 text-3xl leading-tight font-bold text-foreground"
        >
          {legendContent}
        </h1>
      ) : (
        <p
          id={legendId}
          data-slot="radio-card-group-legend"
          className="text-base leading-snug font-semibold text-foreground"
        >
          {legendContent}
        </p>
      )}
      {hasHint ? (
        <p id={hintId} data-slot="radio-card-group-hint" className="text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <FieldError id={errorId} slot="radio-card-group-error">
          {error}
        </FieldError>
      ) : null}
      <div
        role="radiogroup"
        data-slot="radio-card-group"
        data-layout={layout}
        data-disabled={disabled || undefined}
        aria-labelledby={legendId}
        aria-required={required || undefined}
        className={cn(radioCardGroupVariants({ layout }), 'mt-1')}
        {...groupWiring}
      >
        <RadioCardGroupContext value={context}>{children}</RadioCardGroupContext>
      </div>
    </div>
  );
}

export interface RadioCardProps {
  /** The value the group reports when this option is chosen. */
  value: string;
  /** A second line under the option's name, read as its description. */
  description?: React.ReactNode;
  /** Disables this option alone. */
  disabled?: boolean;
  /** Classes for the card. */
  className?: string;
  /** The option's name. */
  children?: React.ReactNode;
}

/**
 * One option of a RadioCardGroup: a card that is the `<label>` of a native radio button, so a
 * click anywhere on it chooses the option. The radio is the round control at its start, named
 * by the card's title and described by its description.
 */
export function RadioCard({ value, description, disabled, className, children }: RadioCardProps) {
  const group = React.use(RadioCardGroupContext);
  if (!group) throw new Error('RadioCard must be inside a RadioCardGroup');
  const baseId = `card${React.useId().replace(/[^\w-]/g, '')}`;
  const labelId = `${baseId}-label`;
  const descriptionId = `${baseId}-description`;
  const hasDescription = description !== undefined && description !== null && description !== '';
  return (
    <label data-slot="radio-card" className={cn(radioCardVariants(), className)}>
      <span data-slot="radio-card-control" className="relative mt-0.5 inline-flex shrink-0">
        <input
          type="radio"
          data-slot="radio-card-input"
          name={group.name}
          value={value}
          checked={group.value === value}
          disabled={group.disabled || disabled}
          required={group.required || undefined}
          aria-labelledby={labelId}
          aria-describedby={hasDescription ? descriptionId : undefined}
          className={cn(
            'peer size-5 cursor-pointer appearance-none rounded-full border-2 border-input bg-surface',
            'outline-none checked:border-primary disabled:cursor-not-allowed',
          )}
          onChange={(event) => {
            if (event.currentTarget.checked) group.choose(value);
          }}
        />
        <span
          aria-hidden="true"
          data-slot="radio-card-indicator"
          className="pointer-events-none absolute inset-0 m-auto hidden size-2.5 rounded-full bg-primary peer-checked:block"
        />
      </span>
      <span className="flex min-w-0 flex-col gap-1">
        <span id={labelId} data-slot="radio-card-label" className="leading-snug font-semibold">
          {children}
        </span>
        {hasDescription ? (
          <span
            id={descriptionId}
            data-slot="radio-card-description"
            className="text-muted-foreground"
          >
            {description}
          </span>
        ) : null}
      </span>
    </label>
  );
}
