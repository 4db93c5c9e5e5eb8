import { cva } from 'class-variance-authority';
import CheckDrawing from 'lucide/dist/esm/icons/check.mjs';
import type * as React from 'react';

import { cn } from '../../lib/cn';
import { icon } from '../../lib/icon';

const Check = icon(CheckDrawing);

type StepState = 'complete' | 'current' | 'upcoming';

export const stepperMarkerVariants = cva(
  'relative z-10 inline-flex size-9 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold',
  {
    variants: {
      state: {
        complete: 'border-primary bg-primary text-primary-foreground',
        current:
          'border-primary bg-surface text-foreground outline-2 outline-offset-2 outline-primary',
        upcoming: 'border-input bg-surface text-muted-foreground',
      },
    },
  },
);

export interface StepperProps extends Omit<React.ComponentProps<'nav'>, 'children'> {
  /** Step names in order: 'Banco', 'Personal', 'Hipoteca', 'Ingresos', 'Cuotas'. */
  steps: readonly string[];
  /** The current step, counted from 1. */
  currentStep: number;
  /** Names the navigation landmark, e.g. 'Progreso del simulador'. */
  'aria-label'?: string;
  /** The caption above the steps; 'Paso 1 de 5' unless changed. */
  formatCaption?: (current: number, total: number) => React.ReactNode;
  /** Read after the name of each step before the current one. */
  completedLabel?: string;
  /** Read after the name of each step after the current one. */
  pendingLabel?: string;
}

/**
 * Where the person is in a multi-step form: a caption 'Paso 2 de 5' and the named steps, done
 * ones ticked. It only shows progress; moving between steps is the form's job.
 */
export function Stepper({
  steps,
  currentStep,
  'aria-label': ariaLabel = 'Progreso',
  formatCaption = (current, total) => `Paso ${current} de ${total}`,
  completedLabel = 'completado',
  pendingLabel = 'sin empezar',
  className,
  ...props
}: StepperProps) {
  const current = Math.min(Math.max(1, Math.round(currentStep)), Math.max(1, steps.length));
  return (
    <nav
      data-slot="stepper"
      aria-label={ariaLabel}
      className={cn('flex flex-col gap-3', className)}
      {...props}
    >
      <p data-slot="stepper-caption" className="text-base font-semibold text-muted-foreground">
        {formatCaption(current, steps.length)}
      </p>
      <ol data-slot="stepper-list" className="flex w-full">
        {steps.map((label, index) => {
          const number = index + 1;
          const state: StepState =
            number < current ? 'complete' : number === current ? 'current' : 'upcoming';
          return (
            <li
              key={label}
              data-slot="stepper-step"
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
              className={cn(
                'relative flex min-w-0 flex-1 flex-col items-center gap-2 text-center',
                // The line to the next step starts at this marker's centre.
                'not-last:after:absolute not-last:after:top-[1.0625rem] not-last:after:left-1/2 not-last:after:h-0.5 not-last:after:w-full',
                state === 'complete' ? 'after:bg-primary' : 'after:bg-border',
              )}
            >
              <span
                data-slot="stepper-marker"
                aria-hidden="true"
                className={stepperMarkerVariants({ state })}
              >
                {state === 'complete' ? (
                  <Check focusable="false" className="size-5" strokeWidth={3} />
                ) : (
                  number
                )}
              </span>
              <span
                data-slot="stepper-label"
                className={cn(
                  'text-sm leading-tight break-words hyphens-auto',
                  state === 'current'
                    ? 'font-bold text-foreground'
                    : 'sr-only text-muted-foreground sm:not-sr-only',
                )}
              >
                {label}
              </span>
              {state === 'current' ? null : (
                <span className="sr-only">
                  {' '}
                  ({state === 'complete' ? completedLabel : pendingLabel})
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
