import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '../../lib/cn';

const stepsDefaults = { layout: 'row' } as const;

export const stepsVariants = cva('grid gap-8 md:auto-cols-fr', {
  variants: {
    layout: {
      /** Side by side from 768 px. */
      row: 'md:grid-flow-col',
      /** In rows from 768 px, with the columns `className` sets (`md:grid-cols-2 lg:grid-cols-3`). */
      wrap: 'md:grid-flow-row',
    },
  },
  defaultVariants: stepsDefaults,
});

type StepsLayout = NonNullable<VariantProps<typeof stepsVariants>['layout']>;

export interface StepItem {
  title: React.ReactNode;
  description?: React.ReactNode;
}

type HeadingLevel = 2 | 3 | 4 | 5 | 6;

export interface StepsProps extends React.ComponentProps<'ol'> {
  steps: readonly StepItem[];
  /** Level of each step's title in the page's outline. */
  headingLevel?: HeadingLevel;
  /** `wrap` for more steps than fit side by side. */
  layout?: StepsLayout;
}

/** A numbered list of the steps of a process, side by side from 768 px. */
export function Steps({
  steps,
  headingLevel = 3,
  layout = stepsDefaults.layout,
  className,
  ...props
}: StepsProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ol
      data-slot="steps"
      data-layout={layout}
      className={cn(stepsVariants({ layout }), className)}
      {...props}
    >
      {steps.map((step, index) => (
        // Steps are a fixed sequence: the position is their identity.
        <li key={index} data-slot="steps-item" className="flex gap-4 md:flex-col">
          <span
            data-slot="steps-number"
            className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-xl font-bold text-primary-foreground"
          >
            {index + 1}
          </span>
          <div className="flex flex-col gap-1.5 pt-2 md:pt-0">
            <Heading data-slot="steps-title" className="text-xl leading-tight font-semibold">
              {step.title}
            </Heading>
            {step.description ? (
              <div data-slot="steps-description" className="text-muted-foreground">
                {step.description}
              </div>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
