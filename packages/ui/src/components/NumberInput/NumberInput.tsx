import { formatNumber, parseSpanishNumber } from '@cbp/core';
import * as React from 'react';

import { TextInput, type TextInputProps } from '../TextInput';

/**
 * What a number box holds: `null` when it is empty, `NaN` when the text is not a number, the
 * number otherwise.
 */
export type NumberInputValue = number | null;

export interface NumberInputProps extends Omit<
  TextInputProps,
  'type' | 'value' | 'defaultValue' | 'inputMode'
> {
  /** The text in the box, for a controlled input. Keep it as `onValueChange` gives it back. */
  value?: string;
  /** The starting text, or a number, which is shown the Spanish way ("1.234,56"). */
  defaultValue?: string | number;
  /**
   * Called on every change with the number read the Spanish way ("1.234,56" → 1234.56), `NaN`
   * for text that is not a number, `null` for an empty box, and the text as typed.
   */
  onValueChange?: (value: NumberInputValue, text: string) => void;
  /**
   * Decimals the value has: the number is rounded to them (half away from zero, as it is then
   * shown) and the blur formatting writes exactly that many. Without it nothing is rounded.
   */
  fractionDigits?: number;
  /** On leaving the box, rewrite a valid number the Spanish way: "1234,5" → "1.234,50". */
  formatOnBlur?: boolean;
  /**
   * Words for the unit after the box, read by screen readers as part of its description
   * (`endAddon` shows the symbol, which screen readers do not get): 'en euros'.
   */
  unitLabel?: string;
  inputMode?: 'decimal' | 'numeric';
}

/** The number a text stands for, rounded to `fractionDigits` when given. */
export function readSpanishNumber(text: string, fractionDigits?: number): NumberInputValue {
  if (text.trim() === '') return null;
  const value = parseSpanishNumber(text);
  if (fractionDigits === undefined || !Number.isFinite(value)) return value;
  // Rounded through the formatter so the value is exactly what the formatted text says.
  return parseSpanishNumber(formatNumber(value, fractionDigits));
}

/** The text for a number: es-ES with its own decimals, or exactly `fractionDigits` of them. */
export function formatSpanishNumber(value: number, fractionDigits?: number): string {
  return formatNumber(value, fractionDigits ?? decimalsOf(value));
}

/** Decimals a number has, also when JavaScript writes it with an exponent (1.5e-7 has 8). */
function decimalsOf(value: number): number {
  const [mantissa = '', exponent = '0'] = String(Math.abs(value)).split('e');
  const fraction = mantissa.split('.')[1] ?? '';
  return Math.min(Math.max(fraction.length - Number(exponent), 0), 20);
}

function joinIds(...ids: (string | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

/**
 * A box for a number typed the Spanish way: decimal comma, optional thousands dots. It is a
 * text box (`inputMode="decimal"` gives phones a number keypad with a comma): a browser's
 * number input would refuse "1.234,56", change what was typed and react to the mouse wheel.
 * The text stays exactly as typed; the number goes out through `onValueChange`.
 */
export function NumberInput({
  value,
  defaultValue,
  onChange,
  onBlur,
  onValueChange,
  fractionDigits,
  formatOnBlur = false,
  unitLabel,
  inputMode = 'decimal',
  'aria-describedby': describedBy,
  ...props
}: NumberInputProps) {
  const [ownText, setOwnText] = React.useState(() =>
    typeof defaultValue === 'number'
      ? formatSpanishNumber(defaultValue, fractionDigits)
      : (defaultValue ?? ''),
  );
  const text = value ?? ownText;
  const unitId = `${React.useId().replace(/[^\w-]/g, '')}-unit`;
  const hasUnitLabel = unitLabel !== undefined && unitLabel !== '';

  const update = (next: string) => {
    if (value === undefined) setOwnText(next);
    onValueChange?.(readSpanishNumber(next, fractionDigits), next);
  };

  return (
    <>
      <TextInput
        data-slot="number-input"
        type="text"
        inputMode={inputMode}
        value={text}
        aria-describedby={joinIds(describedBy, hasUnitLabel ? unitId : undefined)}
        onChange={(event) => {
          onChange?.(event);
          update(event.currentTarget.value);
        }}
        onBlur={(event) => {
          onBlur?.(event);
          if (!formatOnBlur) return;
          const number = readSpanishNumber(text, fractionDigits);
          if (number === null || Number.isNaN(number)) return;
          const formatted = formatSpanishNumber(number, fractionDigits);
          if (formatted !== text) update(formatted);
        }}
        {...props}
      />
      {hasUnitLabel ? (
        <span id={unitId} data-slot="number-input-unit" className="sr-only">
          {unitLabel}
        </span>
      ) : null}
    </>
  );
}
