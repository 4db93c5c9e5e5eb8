import { formatEuros, type Plan, type PlanId } from '@cbp/core';
import CheckDrawing from 'lucide/dist/esm/icons/check.mjs';
import CircleCheckDrawing from 'lucide/dist/esm/icons/circle-check.mjs';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { Button } from '../Button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../Card';
import { icon } from '../../lib/icon';

const Check = icon(CheckDrawing);
const CircleCheck = icon(CircleCheckDrawing);

/** 'Ahorra 490 €' on the single payment: the stored difference between the two plans. */
export function planPaymentText(plan: Plan): string {
  if (plan.cuotas === 0) return 'Un solo pago';
  return `${formatEuros(plan.pago_inicial)} al empezar y ${String(plan.cuotas)} cuotas mensuales de ${formatEuros(plan.pago_mensual)}`;
}

type HeadingLevel = 2 | 3 | 4;

export interface PlanCardProps extends Omit<React.ComponentProps<'article'>, 'onSelect'> {
  plan: Plan;
  selected?: boolean;
  /** Called with the plan's id when the person chooses it. */
  onSelect?: (planId: PlanId) => void;
  /** A short claim over the price, given by the app ('Ahorra 490 €'); none without it. */
  highlight?: string | null;
  /** The plan name's heading level in the page's outline. */
  headingLevel?: HeadingLevel;
  /** The button's visible text; its accessible name adds the plan's name ('Elegir Pago Único'). */
  selectLabel?: string;
  /** Shown on the card while it is the chosen one. */
  selectedLabel?: string;
}

/**
 * A fee plan (the app passes one of its plans): name, price, how it is paid, description, features and a
 * button that chooses it. Two or more cards side by side form the choice.
 */
export function PlanCard({
  plan,
  selected = false,
  onSelect,
  highlight,
  headingLevel = 3,
  selectLabel = 'Elegir',
  selectedLabel = 'Plan elegido',
  className,
  ...props
}: PlanCardProps) {
  const titleId = `plan${React.useId().replace(/[^\w-]/g, '')}-title`;
  const claim = highlight ?? undefined;

  return (
    <Card
      asChild
      variant={selected ? 'highlighted' : 'default'}
      className={cn('relative h-full', className)}
    >
      <article
        aria-labelledby={titleId}
        data-slot="plan-card"
        data-plan={plan.id}
        data-selected={selected || undefined}
        {...props}
      >
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle id={titleId} level={headingLevel}>
              {plan.nombre}
            </CardTitle>
            {claim ? (
              <span
                data-slot="plan-card-highlight"
                className="rounded-full bg-accent px-3 py-1 text-sm font-semibold text-accent-foreground"
              >
                {claim}
              </span>
            ) : null}
          </div>
          <p data-slot="plan-card-price" className="text-3xl leading-tight font-bold tabular-nums">
            {formatEuros(plan.precio)}
            {plan.cuotas > 0 ? (
              <span className="text-base font-semibold text-muted-foreground"> en total</span>
            ) : null}
          </p>
          <p data-slot="plan-card-payment" className="font-semibold text-muted-foreground">
            {planPaymentText(plan)}
          </p>
          {selected ? (
            <p
              data-slot="plan-card-selected"
              className="flex items-center gap-1.5 font-semibold text-foreground"
            >
              <CircleCheck
                aria-hidden="true"
                focusable="false"
                className="size-5 shrink-0 text-primary"
              />
              {selectedLabel}
            </p>
          ) : null}
        </CardHeader>
        <CardContent>
          <p data-slot="plan-card-description">{plan.descripcion}</p>
          <ul data-slot="plan-card-features" className="flex flex-col gap-2">
            {plan.caracteristicas.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Check
                  aria-hidden="true"
                  focusable="false"
                  className="mt-0.5 size-5 shrink-0 text-success-strong"
                />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        </CardContent>
        <CardFooter>
          <Button
            variant={selected ? 'primary' : 'outline'}
            aria-pressed={selected}
            data-slot="plan-card-select"
            className="w-full"
            onClick={() => onSelect?.(plan.id)}
          >
            {selected ? <Check /> : null}
            {selectLabel}
            <span className="sr-only"> {plan.nombre}</span>
          </Button>
        </CardFooter>
      </article>
    </Card>
  );
}
