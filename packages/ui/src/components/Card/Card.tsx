import { Slot } from '../../lib/slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '../../lib/cn';

const cardDefaults = { variant: 'default' } as const;

export const cardVariants = cva('flex flex-col gap-4 rounded-lg border-2 p-6', {
  variants: {
    variant: {
      default: 'border-border bg-surface text-surface-foreground',
      muted: 'border-transparent bg-muted text-foreground',
      highlighted: 'border-primary bg-primary-subtle text-foreground',
    },
  },
  defaultVariants: cardDefaults,
});

type CardVariant = NonNullable<VariantProps<typeof cardVariants>['variant']>;

export interface CardProps extends React.ComponentProps<'div'> {
  variant?: CardVariant;
  /** Renders the single child element (`<article>`, `<section>`, `<li>`) as the card. */
  asChild?: boolean;
}

export function Card({
  variant = cardDefaults.variant,
  asChild = false,
  className,
  ...props
}: CardProps) {
  const Comp = asChild ? Slot : 'div';
  return (
    <Comp
      data-slot="card"
      data-variant={variant}
      className={cn(cardVariants({ variant }), className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div data-slot="card-header" className={cn('flex flex-col gap-1.5', className)} {...props} />
  );
}

type HeadingLevel = 2 | 3 | 4 | 5 | 6;

export interface CardTitleProps extends React.ComponentProps<'h3'> {
  /** Heading level that fits the page's outline. */
  level?: HeadingLevel;
}

export function CardTitle({ level = 3, className, ...props }: CardTitleProps) {
  const Heading = `h${level}` as const;
  return (
    <Heading
      data-slot="card-title"
      className={cn('text-xl leading-tight font-semibold', className)}
      {...props}
    />
  );
}

export function CardDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return (
    <p data-slot="card-description" className={cn('text-muted-foreground', className)} {...props} />
  );
}

export function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div data-slot="card-content" className={cn('flex flex-col gap-3', className)} {...props} />
  );
}

export function CardFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-footer"
      className={cn('mt-auto flex flex-wrap items-center gap-3', className)}
      {...props}
    />
  );
}
