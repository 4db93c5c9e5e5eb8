import { formatEuros, formatNumber, formatPercent } from '@cbp/core';
import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { cn } from '../../lib/cn';

const gaugeDefaults = { unit: 'euros-month', size: 'md' } as const;

export const gaugeVariants = cva('inline-flex flex-col items-center gap-3 text-center', {
  variants: {
    unit: {
      'euros-month': '',
      years: '',
      percent: '',
    },
    size: {
      sm: '[&_[data-slot=gauge-dial]]:size-36 [&_[data-slot=gauge-value]]:text-lg',
      md: '[&_[data-slot=gauge-dial]]:size-44 [&_[data-slot=gauge-value]]:text-2xl',
      lg: '[&_[data-slot=gauge-dial]]:size-52 [&_[data-slot=gauge-value]]:text-3xl',
    },
  },
  defaultVariants: gaugeDefaults,
});

export type GaugeUnit = NonNullable<VariantProps<typeof gaugeVariants>['unit']>;
type GaugeSize = NonNullable<VariantProps<typeof gaugeVariants>['size']>;

interface UnitTexts {
  /** What the dial shows: the figure and, under it, the unit. */
  display: (value: number) => { figure: string; unit?: string };
  /** The same in words, for `aria-valuetext`. */
  spoken: (value: number) => string;
}

function years(value: number): string {
  const whole = Number.isInteger(value);
  const number = formatNumber(value, whole ? 0 : 1);
  return value === 1 ? `${number} año` : `${number} años`;
}

const unitTexts: Record<GaugeUnit, UnitTexts> = {
  'euros-month': {
    display: (value) => ({ figure: formatEuros(value), unit: 'al mes' }),
    spoken: (value) => `${formatNumber(value, 2)} euros al mes`,
  },
  years: {
    display: (value) => ({ figure: years(value) }),
    spoken: years,
  },
  percent: {
    display: (value) => ({ figure: formatPercent(value) }),
    spoken: (value) => `${formatNumber(value, 2)} por ciento`,
  },
};

export interface GaugeProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** The figure, in the unit's terms: euros a month, years or a percentage (2.5 for 2,50 %). */
  value: number;
  /** The figure at which the dial is full (e.g. the current instalment for the new one). */
  max: number;
  min?: number;
  unit?: GaugeUnit;
  size?: GaugeSize;
  /** Shown under the dial and used as the meter's name: 'Nueva cuota', 'Carencia'. */
  label: string;
  /** Replaces the spoken value; by default "Nueva cuota: 412,50 euros al mes". */
  valueText?: string;
  /** Replaces the figure shown, e.g. a rate with three decimals ("2,121 %"); pass `valueText` in words with it. */
  figureText?: string;
}

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * A figure drawn as a ring that fills from `min` to `max`, with its label underneath. The
 * drawing is decoration; the wrapper is a `meter` with the value in words.
 */
export function Gauge({
  value,
  max,
  min = 0,
  unit = gaugeDefaults.unit,
  size = gaugeDefaults.size,
  label,
  valueText,
  figureText,
  className,
  ...props
}: GaugeProps) {
  const labelId = `gauge${React.useId().replace(/[^\w-]/g, '')}-label`;
  const upper = Math.max(max, min);
  // The ring and aria-valuenow stay inside the scale; the text keeps the real figure.
  const clamped = Math.min(Math.max(Number.isFinite(value) ? value : min, min), upper);
  const fraction = upper === min ? 0 : (clamped - min) / (upper - min);
  const texts = unitTexts[unit];
  const shown = texts.display(value);
  const figure = figureText ?? shown.figure;
  const unitText = shown.unit;

  return (
    <div
      role="meter"
      aria-labelledby={labelId}
      aria-valuemin={min}
      aria-valuemax={upper}
      aria-valuenow={clamped}
      aria-valuetext={valueText ?? `${label}: ${texts.spoken(value)}`}
      data-slot="gauge"
      data-variant={unit}
      data-size={size}
      className={cn(gaugeVariants({ unit, size }), className)}
      {...props}
    >
      <div data-slot="gauge-dial" className="relative grid place-items-center">
        <svg
          viewBox="0 0 120 120"
          aria-hidden="true"
          focusable="false"
          className="absolute inset-0 size-full -rotate-90"
        >
          <circle
            data-slot="gauge-track"
            cx="60"
            cy="60"
            r={RADIUS}
            fill="none"
            strokeWidth="10"
            className="stroke-border"
          />
          {fraction > 0 ? (
            <circle
              data-slot="gauge-indicator"
              cx="60"
              cy="60"
              r={RADIUS}
              fill="none"
              strokeWidth="10"
              strokeLinecap="round"
              strokeDasharray={`${fraction * CIRCUMFERENCE} ${CIRCUMFERENCE}`}
              className="stroke-primary"
            />
          ) : null}
        </svg>
        <span aria-hidden="true" className="relative flex flex-col items-center px-3 leading-tight">
          <span data-slot="gauge-value" className="font-bold tabular-nums">
            {figure}
          </span>
          {unitText ? (
            <span data-slot="gauge-unit" className="text-sm text-muted-foreground">
              {unitText}
            </span>
          ) : null}
        </span>
      </div>
      <span id={labelId} data-slot="gauge-label" className="text-base font-semibold">
        {label}
      </span>
    </div>
  );
}
