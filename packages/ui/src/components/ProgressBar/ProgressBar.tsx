import { formatPercent } from '@cbp/core';
import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { cn } from '../../lib/cn';

const progressBarDefaults = { tone: 'primary', size: 'md' } as const;

export const progressBarVariants = cva('relative w-full overflow-hidden rounded-full bg-muted', {
  variants: {
    tone: {
      primary: '[&>[data-slot=progress-bar-indicator]]:bg-primary',
      success: '[&>[data-slot=progress-bar-indicator]]:bg-success',
    },
    size: {
      sm: 'h-2',
      md: 'h-3',
    },
  },
  defaultVariants: progressBarDefaults,
});

type ProgressBarTone = NonNullable<VariantProps<typeof progressBarVariants>['tone']>;
type ProgressBarSize = NonNullable<VariantProps<typeof progressBarVariants>['size']>;

/**
 * The whole percentage shown for `value` out of `max`. It never reads 100 % before the end nor
 * 0 % once something is done: 8 of 9 is 89 %, but 199 of 200 is 99 % and 1 of 300 is 1 %.
 */
export function progressPercent(value: number, max: number): number {
  if (!(max > 0) || !Number.isFinite(value) || value <= 0) return 0;
  if (value >= max) return 100;
  return Math.min(99, Math.max(1, Math.round((value / max) * 100)));
}

export interface ProgressBarProps extends Omit<
  React.ComponentProps<'div'>,
  'role' | 'children' | 'aria-valuenow' | 'aria-valuemin' | 'aria-valuemax' | 'aria-valuetext'
> {
  /** Progress so far, from 0 to `max`. */
  value: number;
  max?: number;
  /** What is progressing; names the bar ('Documentación', 'Subiendo nomina.pdf'). */
  label: React.ReactNode;
  /** Keeps the label for screen readers only, when the row around the bar already shows it. */
  hideLabel?: boolean;
  /** Progress in words, shown and read before the percentage: '3 de 9 documentos subidos'. */
  valueText?: string;
  /** Shows the percentage next to the label; it is read either way. */
  showPercent?: boolean;
  tone?: ProgressBarTone;
  size?: ProgressBarSize;
}

/** A labelled horizontal progress bar whose value is read as words and an es-ES percentage. */
export function ProgressBar({
  value,
  max = 100,
  label,
  hideLabel = false,
  valueText,
  showPercent = true,
  tone = progressBarDefaults.tone,
  size = progressBarDefaults.size,
  className,
  ...props
}: ProgressBarProps) {
  const labelId = React.useId();
  const safeMax = max > 0 ? max : 100;
  const clamped = Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), safeMax);
  const percentText = formatPercent(progressPercent(clamped, safeMax), 0);
  const visibleText = [valueText, showPercent ? percentText : undefined]
    .filter((part) => part !== undefined && part !== '')
    .join(' · ');
  const spokenText = valueText ? `${valueText}, ${percentText}` : percentText;

  return (
    <div data-slot="progress-bar-field" className={cn('flex w-full flex-col gap-2', className)}>
      <div
        className={cn(
          'flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1',
          hideLabel && visibleText === '' && 'sr-only',
        )}
      >
        <span
          id={labelId}
          data-slot="progress-bar-label"
          className={cn('font-semibold text-foreground', hideLabel && 'sr-only')}
        >
          {label}
        </span>
        {visibleText === '' ? null : (
          <span
            data-slot="progress-bar-value"
            aria-hidden="true"
            className="text-muted-foreground tabular-nums"
          >
            {visibleText}
          </span>
        )}
      </div>
      {/* The ARIA progressbar pattern needs no script: a role and four attributes. */}
      <div
        role="progressbar"
        data-slot="progress-bar"
        data-tone={tone}
        data-size={size}
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={safeMax}
        aria-valuenow={clamped}
        aria-valuetext={spokenText}
        className={progressBarVariants({ tone, size })}
        {...props}
      >
        <div
          data-slot="progress-bar-indicator"
          className="h-full w-full rounded-full transition-transform"
          style={{ transform: `translateX(-${100 - (clamped / safeMax) * 100}%)` }}
        />
      </div>
    </div>
  );
}
