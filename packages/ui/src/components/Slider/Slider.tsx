import { formatNumber, parseSpanishNumber } from '@cbp/core';
import { cva } from 'class-variance-authority';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { FieldError } from '../Field';
import { TextInput } from '../TextInput';

/**
 * The browser's range input drawn by the kit: a 44 px high control (all of it takes taps and
 * clicks), an 8 px track filled with the primary colour up to `--slider-fill`, and a 28 px round
 * thumb that carries the focus outline. Chromium and WebKit draw the track and thumb through
 * `::-webkit-slider-*`, Firefox through `::-moz-range-*`.
 */
export const sliderVariants = cva([
  'block h-11 w-full min-w-0 cursor-pointer appearance-none bg-transparent focus-visible:outline-none',
  'disabled:cursor-not-allowed disabled:opacity-60',
  // The track: the filled part is a hard stop in a gradient, so nothing has to be measured. Its
  // edge is a border just outside the input's width and its 8 px (not an outline, which would be
  // painted over the thumb).
  '[&::-webkit-slider-runnable-track]:h-2 [&::-webkit-slider-runnable-track]:rounded-full',
  '[&::-webkit-slider-runnable-track]:bg-muted [&::-webkit-slider-runnable-track]:bg-[linear-gradient(to_right,var(--color-primary)_var(--slider-fill),transparent_var(--slider-fill))]',
  '[&::-webkit-slider-runnable-track]:-mx-px [&::-webkit-slider-runnable-track]:box-content [&::-webkit-slider-runnable-track]:border',
  '[&::-webkit-slider-runnable-track]:border-solid [&::-webkit-slider-runnable-track]:border-input',
  '[&::-moz-range-track]:h-2 [&::-moz-range-track]:rounded-full',
  '[&::-moz-range-track]:bg-muted [&::-moz-range-track]:bg-[linear-gradient(to_right,var(--color-primary)_var(--slider-fill),transparent_var(--slider-fill))]',
  '[&::-moz-range-track]:-mx-px [&::-moz-range-track]:box-content [&::-moz-range-track]:border [&::-moz-range-track]:border-solid',
  '[&::-moz-range-track]:border-input',
  // The thumb, centred on the track (WebKit puts it at the track's top).
  '[&::-webkit-slider-thumb]:-mt-2.5 [&::-webkit-slider-thumb]:box-border [&::-webkit-slider-thumb]:size-7',
  '[&::-webkit-slider-thumb]:cursor-grab [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full',
  '[&::-webkit-slider-thumb]:border-4 [&::-webkit-slider-thumb]:border-solid [&::-webkit-slider-thumb]:border-primary [&::-webkit-slider-thumb]:bg-surface',
  '[&::-moz-range-thumb]:box-border [&::-moz-range-thumb]:size-7 [&::-moz-range-thumb]:cursor-grab',
  '[&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-4 [&::-moz-range-thumb]:border-solid',
  '[&::-moz-range-thumb]:border-primary [&::-moz-range-thumb]:bg-surface',
  'disabled:[&::-webkit-slider-thumb]:cursor-not-allowed disabled:[&::-moz-range-thumb]:cursor-not-allowed',
  // Keyboard focus rings the thumb, as the kit rings every control.
  'focus-visible:[&::-webkit-slider-thumb]:outline-3 focus-visible:[&::-webkit-slider-thumb]:outline-offset-2',
  'focus-visible:[&::-webkit-slider-thumb]:outline-ring',
  'focus-visible:[&::-moz-range-thumb]:outline-3 focus-visible:[&::-moz-range-thumb]:outline-offset-2',
  'focus-visible:[&::-moz-range-thumb]:outline-ring',
]);

/** The range input's inline style: how much of the track is filled. */
type FillStyle = React.CSSProperties & Record<'--slider-fill', string>;

export interface SliderProps {
  /** Visible name of both the slider and the typed box: 'Años adicionales'. */
  label: React.ReactNode;
  /** Help under the label, read as the slider's description before the range. */
  hint?: React.ReactNode;
  /** The value, for a controlled slider. */
  value?: number;
  /** The value at first, for an uncontrolled slider; `min` when not given. */
  defaultValue?: number;
  /** Called with the new number on every change, from the slider or the box. */
  onValueChange?: (value: number) => void;
  /** The smallest value; 0 when not given. */
  min?: number;
  /** The largest value; 100 when not given. */
  max?: number;
  /** The distance between values; 1 when not given. Its decimals are the box's decimals. */
  step?: number;
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
  /** Turns both the slider and the box off. */
  disabled?: boolean;
  /** Classes for the wrapper around label, slider, box and error. */
  className?: string;
  /** The range input's id, e.g. for an error summary's link. */
  id?: string;
  /** The range input's name: the value is sent with a native form. */
  name?: string;
}

function decimalsOf(step: number): number {
  const fraction = String(step).split('.')[1];
  return fraction === undefined ? 0 : fraction.length;
}

/**
 * A slider with a text box bound to the same value, for people who cannot drag or prefer to
 * type; the ends of the range are written under the track. The slider is the browser's own
 * `<input type="range">` (role `slider`), named by the label and described by the hint and the
 * range, with the value in words in `aria-valuetext`: the arrow keys move one step, Home and End
 * go to the ends, and it can be dragged or tapped with a finger or the mouse. Page Up and Page
 * Down move ten steps (the browsers' own move is a tenth of the range, often just one step).
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
  id,
  name,
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

  const ownId = `slider${React.useId().replace(/[^\w-]/g, '')}`;
  const sliderId = id ?? ownId;
  const labelId = `${ownId}-label`;
  const hintId = `${ownId}-hint`;
  const rangeId = `${ownId}-range`;
  const inputId = `${ownId}-input`;
  const typedLabelId = `${ownId}-typed-label`;
  const errorId = `${ownId}-error`;
  const hasHint = hint !== undefined && hint !== null && hint !== '';

  /** `fromBox` keeps the box's text as typed instead of rewriting it from the new value. */
  const commit = (next: number, fromBox = false) => {
    if (next === current) return;
    if (value === undefined) setUncontrolled(next);
    if (fromBox) setTypedFor(next);
    onValueChange?.(next);
  };

  /** A number in range put on the nearest step. */
  const snap = (number: number): number => {
    const snapped = min + Math.round((number - min) / step) * step;
    return Math.min(max, Math.max(min, Number(snapped.toFixed(decimals))));
  };

  /** The typed text as a value on the slider, or null when it is not a number in range. */
  const readTyped = (text: string): number | null => {
    const number = parseSpanishNumber(text);
    if (!Number.isFinite(number) || number < min || number > max) return null;
    return snap(number);
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
  const filled = max > min ? Math.min(100, Math.max(0, ((current - min) / (max - min)) * 100)) : 0;
  const fillStyle: FillStyle = { '--slider-fill': `${String(filled)}%` };

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
        <input
          type="range"
          id={sliderId}
          name={name}
          data-slot="slider"
          min={min}
          max={max}
          step={step}
          value={current}
          disabled={disabled}
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-valuetext={getValueText?.(current) ?? format(current)}
          style={fillStyle}
          className={sliderVariants()}
          onChange={(event) => {
            const next = Number(event.currentTarget.value);
            if (Number.isFinite(next)) commit(next);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'PageUp' && event.key !== 'PageDown') return;
            event.preventDefault();
            commit(snap(current + (event.key === 'PageUp' ? 10 : -10) * step));
          }}
        />
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
