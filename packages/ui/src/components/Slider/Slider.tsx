import { formatNumber, parseSpanishNumber } from '@cbp/core';
import * as SliderPrimitive from '@radix-ui/react-slider';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { FieldError } from '../Field';
import { TextInput } from '../TextInput';

export interface SliderProps extends Omit<
  React.ComponentProps<typeof SliderPrimitive.Root>,
  | 'value'
  | 'defaultValue'
  | 'onValueChange'
  | 'onValueCommit'
  | 'children'
  | 'orientation'
  | 'inverted'
  | 'minStepsBetweenThumbs'
> {
  /** Visible name of both the slider and the typed box: 'Años adicionales'. */
  label: React.ReactNode;
  hint?: React.ReactNode;
  value?: number;
  defaultValue?: number;
  onValueChange?: (value: number) => void;
  /** The value as shown at the ends of the track: 3 → '3 años'. */
  formatValue?: (value: number) => string;
  /** The value in words for screen readers (`aria-valuetext`): 3 → '3 años más'. */
  getValueText?: (value: number) => string;
  /** Shown after the typed box and hidden from screen readers, e.g. 'años'. */
  unit?: string;
  /** Label of the typed box, read after `label`. */
  typedLabel?: string;
  /** Error shown when the typed text is not a number in range. */
  rangeError?: string;
}

function decimalsOf(step: number): number {
  const fraction = String(step).split('.')[1];
  return fraction === undefined ? 0 : fraction.length;
}

/**
 * A slider with a text box bound to the same value, for people who cannot drag or prefer to
 * type; the ends of the range are written under the track.
 */
export function Slider({
  label,
  hint,
  value,
  defaultValue,
  onValueChange,
  min = 0,
  max = 100,
  step = 1,
  formatValue,
  getValueText,
  unit,
  typedLabel = 'En cifras',
  rangeError,
  disabled,
  className,
  ...props
}: SliderProps) {
  const decimals = decimalsOf(step);
  const format = formatValue ?? ((number: number) => formatNumber(number, decimals));
  const toText = (number: number) => formatNumber(number, decimals);

  const [uncontrolled, setUncontrolled] = React.useState(defaultValue ?? min);
  const current = value ?? uncontrolled;
  const [typed, setTyped] = React.useState(() => toText(current));
  const [typedFor, setTypedFor] = React.useState(current);
  const [invalid, setInvalid] = React.useState(false);
  // The box follows the value whenever it changes from elsewhere (the slider, the parent).
  if (typedFor !== current) {
    setTypedFor(current);
    setTyped(toText(current));
    setInvalid(false);
  }

  const id = React.useId().replace(/[^\w-]/g, '');
  const labelId = `slider${id}-label`;
  const hintId = `slider${id}-hint`;
  const rangeId = `slider${id}-range`;
  const inputId = `slider${id}-input`;
  const typedLabelId = `slider${id}-typed-label`;
  const errorId = `slider${id}-error`;
  const hasHint = hint !== undefined && hint !== null && hint !== '';

  /** `fromBox` keeps the box's text as typed instead of rewriting it from the new value. */
  const commit = (next: number, fromBox = false) => {
    if (next === current) return;
    if (value === undefined) setUncontrolled(next);
    if (fromBox) setTypedFor(next);
    onValueChange?.(next);
  };

  /** The typed text as a value on the slider, or null when it is not a number in range. */
  const readTyped = (text: string): number | null => {
    const number = parseSpanishNumber(text);
    if (!Number.isFinite(number) || number < min || number > max) return null;
    const snapped = min + Math.round((number - min) / step) * step;
    return Math.min(max, Number(snapped.toFixed(decimals)));
  };

  // What the value was when the person started typing: a refused entry puts it back, undoing
  // whatever the keystrokes on the way committed ('1' on the way to '12').
  const valueBeforeTyping = React.useRef(current);

  const settleTyped = () => {
    const next = readTyped(typed);
    if (next === null) {
      setInvalid(true);
      commit(valueBeforeTyping.current, true);
      return;
    }
    setInvalid(false);
    setTyped(toText(next));
    valueBeforeTyping.current = next;
    commit(next, true);
  };

  const describedBy = [hasHint ? hintId : undefined, rangeId].filter(Boolean).join(' ');
  const error = rangeError ?? `Escribe un número entre ${toText(min)} y ${toText(max)}.`;

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      data-slot="slider-field"
      data-disabled={disabled ? '' : undefined}
      className={cn('flex flex-col gap-3', className)}
    >
      <div className="flex flex-col gap-1.5">
        <span id={labelId} data-slot="slider-label" className="leading-snug font-semibold">
          {label}
        </span>
        {hasHint ? (
          <p id={hintId} data-slot="slider-hint" className="text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <SliderPrimitive.Root
          data-slot="slider"
          value={[current]}
          min={min}
          max={max}
          step={step}
          disabled={disabled}
          onValueChange={([next]) => {
            if (next !== undefined) commit(next);
          }}
          className="relative flex h-11 w-full touch-none items-center select-none data-disabled:opacity-60"
          {...props}
        >
          <SliderPrimitive.Track
            data-slot="slider-track"
            className="relative h-2 grow overflow-hidden rounded-full bg-muted outline-1 outline-input"
          >
            <SliderPrimitive.Range
              data-slot="slider-range"
              className="absolute h-full bg-primary"
            />
          </SliderPrimitive.Track>
          <SliderPrimitive.Thumb
            data-slot="slider-thumb"
            aria-labelledby={labelId}
            aria-describedby={describedBy}
            aria-valuetext={getValueText?.(current) ?? format(current)}
            className={cn(
              'block size-7 cursor-grab rounded-full border-4 border-primary bg-surface',
              'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
              'data-disabled:cursor-not-allowed',
            )}
          />
        </SliderPrimitive.Root>
        <p
          id={rangeId}
          data-slot="slider-range-labels"
          className="flex justify-between gap-4 text-sm text-muted-foreground"
        >
          <span>
            <span className="sr-only">Desde </span>
            {format(min)}
          </span>
          <span>
            <span className="sr-only">hasta </span>
            {format(max)}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <label id={typedLabelId} htmlFor={inputId} className="font-semibold">
          {typedLabel}
        </label>
        {/* The box is as wide as a few digits; the input fills what it is given. */}
        <div className="w-36">
          <TextInput
            id={inputId}
            data-slot="slider-input"
            inputMode={decimals > 0 ? 'decimal' : 'numeric'}
            autoComplete="off"
            aria-labelledby={`${labelId} ${typedLabelId}`}
            aria-describedby={invalid ? errorId : rangeId}
            aria-invalid={invalid || undefined}
            disabled={disabled}
            endAddon={unit}
            value={typed}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setTyped(text);
              const next = readTyped(text);
              // Whole, in-range values move the slider at once; anything else waits for Enter or blur.
              if (next !== null && next === parseSpanishNumber(text)) {
                setInvalid(false);
                commit(next, true);
              }
            }}
            onFocus={() => {
              valueBeforeTyping.current = current;
            }}
            onBlur={settleTyped}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                settleTyped();
              }
            }}
          />
        </div>
      </div>
      {invalid ? (
        <FieldError id={errorId} slot="slider-error">
          {error}
        </FieldError>
      ) : null}
    </div>
  );
}
