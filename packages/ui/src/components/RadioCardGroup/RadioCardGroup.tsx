import * as RadioGroupPrimitive from '@radix-ui/react-radio-group';
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

export const radioCardVariants = cva([
  'group/radio-card flex min-h-11 w-full cursor-pointer items-start gap-3 rounded-md border-2 border-input',
  'bg-surface p-4 text-start text-surface-foreground transition-colors not-disabled:hover:bg-muted',
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
  'group-aria-invalid/radio-cards:border-danger',
  'data-[state=checked]:border-primary data-[state=checked]:bg-primary-subtle',
  'data-[state=checked]:text-foreground data-[state=checked]:not-disabled:hover:bg-primary-subtle',
  'disabled:cursor-not-allowed disabled:opacity-60',
]);

type RadioCardGroupLayout = NonNullable<VariantProps<typeof radioCardGroupVariants>['layout']>;

export interface RadioCardGroupProps extends React.ComponentProps<typeof RadioGroupPrimitive.Root> {
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
}

/**
 * One choice among a few options shown as cards (Radix RadioGroup). The question, hint and
 * error are wired like a Field's: the question names the group, hint and error describe it.
 * `id` goes on the group, so an error summary can link to it. One Tab reaches the group;
 * the arrow keys move the selection.
 */
export function RadioCardGroup({
  legend,
  hint,
  error,
  legendIsPageHeading = false,
  layout = radioCardGroupDefaults.layout,
  className,
  children,
  ...props
}: RadioCardGroupProps) {
  // `control` sets every prop the Field wiring owns, so spreading it after `props` wins.
  const { ownId, hintId, errorId, hasHint, invalid, control } = useLabelledControl({
    idPrefix: 'radios',
    hint,
    error,
    ...props,
  });
  const legendId = `${ownId}-legend`;

  const legendContent = (
    <>
      {legend}
      {control.required ? <RequiredMark /> : null}
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
      <RadioGroupPrimitive.Root
        data-slot="radio-card-group"
        data-layout={layout}
        aria-labelledby={legendId}
        className={cn(radioCardGroupVariants({ layout }), 'mt-1')}
        {...props}
        {...control}
      >
        {children}
      </RadioGroupPrimitive.Root>
    </div>
  );
}

export interface RadioCardProps extends React.ComponentProps<typeof RadioGroupPrimitive.Item> {
  /** A second line under the option's name, read as its description. */
  description?: React.ReactNode;
}

/** One option of a RadioCardGroup: the whole card is the radio button. */
export function RadioCard({ description, className, children, ...props }: RadioCardProps) {
  const baseId = `card${React.useId().replace(/[^\w-]/g, '')}`;
  const labelId = `${baseId}-label`;
  const descriptionId = `${baseId}-description`;
  const hasDescription = description !== undefined && description !== null && description !== '';
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-card"
      aria-labelledby={labelId}
      aria-describedby={hasDescription ? descriptionId : undefined}
      className={cn(radioCardVariants(), className)}
      {...props}
    >
      <span
        data-slot="radio-card-control"
        className={cn(
          'mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full border-2',
          'border-input bg-surface group-data-[state=checked]/radio-card:border-primary',
        )}
      >
        <RadioGroupPrimitive.Indicator
          data-slot="radio-card-indicator"
          className="size-2.5 rounded-full bg-primary"
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
    </RadioGroupPrimitive.Item>
  );
}
