import { formatDate } from '@cbp/core';
import { cva, type VariantProps } from 'class-variance-authority';
import CheckDrawing from 'lucide/dist/esm/icons/check.mjs';
import ClockDrawing from 'lucide/dist/esm/icons/clock.mjs';
import PlusDrawing from 'lucide/dist/esm/icons/plus.mjs';
import type * as React from 'react';

import { cn } from '../../lib/cn';
import { icon, type Icon } from '../../lib/icon';

const Check = icon(CheckDrawing);
const Clock = icon(ClockDrawing);
const Plus = icon(PlusDrawing);

export interface TimelineEntry {
  /** ISO date or date-time; shown as the calendar day in Spain ("21/11/2026"). */
  fecha: string;
  accion: string;
  descripcion: string;
  /** 'completado', 'en-progreso' or anything else (drawn as a step still to come). */
  estado: string;
}

export const timelineMarkerVariants = cva(
  'relative z-10 grid size-9 shrink-0 place-items-center rounded-full border-2 [&_svg]:size-5',
  {
    variants: {
      state: {
        completado: 'border-success bg-success text-success-foreground',
        'en-progreso': 'border-info bg-info text-info-foreground',
        other: 'border-border bg-muted text-muted-foreground',
      },
    },
    defaultVariants: { state: 'other' },
  },
);

type TimelineMarkerState = NonNullable<VariantProps<typeof timelineMarkerVariants>['state']>;

const markers: Record<TimelineMarkerState, Icon> = {
  completado: Check,
  'en-progreso': Clock,
  other: Plus,
};

const stateLabels: Record<string, string> = {
  completado: 'Completado',
  'en-progreso': 'En progreso',
  pendiente: 'Pendiente',
};

function markerState(estado: string): TimelineMarkerState {
  return estado === 'completado' || estado === 'en-progreso' ? estado : 'other';
}

/** The estado in words: known ones from the table, others as written ('en-espera' → 'En espera'). */
function stateLabel(estado: string): string {
  const known = stateLabels[estado];
  if (known !== undefined) return known;
  const words = estado.replace(/[-_]+/g, ' ').trim();
  return words === '' ? 'Pendiente' : words.charAt(0).toLocaleUpperCase('es-ES') + words.slice(1);
}

export interface TimelineProps extends Omit<React.ComponentProps<'ol'>, 'children'> {
  entries: readonly TimelineEntry[];
  /** Shown instead of the list when there are no entries. */
  emptyText?: string;
}

/** The case history: one step per entry, in the order given, with its date, action and state. */
export function Timeline({
  entries,
  emptyText = 'Todavía no hay movimientos en tu caso.',
  className,
  ...props
}: TimelineProps) {
  if (entries.length === 0) {
    return (
      <p data-slot="timeline-empty" className={cn('text-muted-foreground', className)}>
        {emptyText}
      </p>
    );
  }
  return (
    <ol data-slot="timeline" className={cn('flex flex-col', className)} {...props}>
      {entries.map((entry, index) => {
        const state = markerState(entry.estado);
        const Icon = markers[state];
        const last = index === entries.length - 1;
        return (
          <li
            // Entries have no id in the contract; date and action together identify one.
            key={`${entry.fecha}-${entry.accion}-${String(index)}`}
            data-slot="timeline-item"
            data-state={state}
            className="relative flex gap-4 pb-6 last:pb-0"
          >
            {last ? null : (
              <span
                aria-hidden="true"
                data-slot="timeline-connector"
                className="absolute start-[1.0625rem] top-9 bottom-0 w-0.5 bg-border"
              />
            )}
            <span data-slot="timeline-marker" className={timelineMarkerVariants({ state })}>
              <Icon aria-hidden="true" focusable="false" />
            </span>
            <div data-slot="timeline-content" className="flex min-w-0 flex-col gap-1 pt-1">
              <p className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
                <span data-slot="timeline-action" className="font-semibold">
                  {entry.accion}
                </span>
                <time
                  data-slot="timeline-date"
                  dateTime={entry.fecha}
                  className="text-sm text-muted-foreground"
                >
                  {formatDate(entry.fecha)}
                </time>
                <span data-slot="timeline-state" className="sr-only">
                  {`(${stateLabel(entry.estado)})`}
                </span>
              </p>
              <p data-slot="timeline-description" className="text-muted-foreground">
                {entry.descripcion}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
