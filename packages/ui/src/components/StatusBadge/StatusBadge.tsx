import { DOCUMENT_STATE_LABELS, isDocumentState, type DocumentState } from '@cbp/core';
import { cva, type VariantProps } from 'class-variance-authority';
import CircleCheckDrawing from 'lucide/dist/esm/icons/circle-check.mjs';
import CircleDashedDrawing from 'lucide/dist/esm/icons/circle-dashed.mjs';
import CircleMinusDrawing from 'lucide/dist/esm/icons/circle-minus.mjs';
import CircleXDrawing from 'lucide/dist/esm/icons/circle-x.mjs';
import FileCheckDrawing from 'lucide/dist/esm/icons/file-check.mjs';
import HourglassDrawing from 'lucide/dist/esm/icons/hourglass.mjs';
import PenLineDrawing from 'lucide/dist/esm/icons/pen-line.mjs';
import type * as React from 'react';

import { cn } from '../../lib/cn';
import { icon, type Icon } from '../../lib/icon';

const CircleCheck = icon(CircleCheckDrawing);
const CircleDashed = icon(CircleDashedDrawing);
const CircleMinus = icon(CircleMinusDrawing);
const CircleX = icon(CircleXDrawing);
const FileCheck = icon(FileCheckDrawing);
const Hourglass = icon(HourglassDrawing);
const PenLine = icon(PenLineDrawing);

const statusBadgeDefaults = { size: 'md' } as const;

export const statusBadgeVariants = cva(
  [
    'inline-flex w-fit shrink-0 items-center gap-1.5 rounded-full border font-semibold whitespace-nowrap',
    '[&_svg]:shrink-0',
  ],
  {
    variants: {
      tone: {
        warning: 'border-warning bg-warning-subtle text-warning-strong',
        success: 'border-success bg-success-subtle text-success-strong',
        danger: 'border-danger bg-danger-subtle text-danger-strong',
        info: 'border-info bg-info-subtle text-info-strong',
        neutral: 'border-border bg-surface text-surface-foreground',
      },
      size: {
        sm: 'px-2 py-0.5 text-sm [&_svg]:size-3.5',
        md: 'px-2.5 py-1 text-sm [&_svg]:size-4',
      },
    },
    defaultVariants: { tone: 'warning', ...statusBadgeDefaults },
  },
);

type StatusBadgeTone = NonNullable<VariantProps<typeof statusBadgeVariants>['tone']>;
type StatusBadgeSize = NonNullable<VariantProps<typeof statusBadgeVariants>['size']>;

/**
 * One look per document state core names (decision 0671); the word is core's, the same on every
 * screen. `satisfies` makes a new state in core a compile error here.
 */
const byStatus = {
  falta: { icon: CircleDashed, tone: 'warning' },
  'en-revision': { icon: Hourglass, tone: 'warning' },
  aprobado: { icon: CircleCheck, tone: 'success' },
  rechazado: { icon: CircleX, tone: 'danger' },
  obtenido: { icon: FileCheck, tone: 'info' },
  firmada: { icon: PenLine, tone: 'success' },
  'sin-firmar': { icon: PenLine, tone: 'warning' },
  'no-necesario': { icon: CircleMinus, tone: 'neutral' },
} as const satisfies Record<DocumentState, { icon: Icon; tone: StatusBadgeTone }>;

export type StatusBadgeStatus = DocumentState;

export const STATUS_BADGE_STATUSES = Object.keys(byStatus) as readonly StatusBadgeStatus[];

/** Any value the badge does not know reads as 'falta': nothing the firm can count on. */
export function normalizeStatusBadgeStatus(value: string | null | undefined): StatusBadgeStatus {
  return isDocumentState(value) ? value : 'falta';
}

export interface StatusBadgeProps extends React.ComponentProps<'span'> {
  /** A document's state as core names it (`DocumentState`). Unknown values read as 'falta'. */
  status: string | null | undefined;
  /**
   * Overrides the colour while keeping the icon and text, for screens that stress a state more
   * (the case view shows a missing document in red because it has a deadline).
   */
  tone?: StatusBadgeTone;
  size?: StatusBadgeSize;
  /** Replaces the Spanish word of the state; screens keep core's so a state reads the same everywhere. */
  label?: string;
}

/** A document's or step's state as icon plus text, so it is never told by colour alone. */
export function StatusBadge({
  status,
  tone,
  size = statusBadgeDefaults.size,
  label,
  className,
  ...props
}: StatusBadgeProps) {
  const known = normalizeStatusBadgeStatus(status);
  const { icon: Icon, tone: statusTone } = byStatus[known];
  const statusLabel = DOCUMENT_STATE_LABELS[known];
  const effectiveTone = tone ?? statusTone;
  return (
    <span
      data-slot="status-badge"
      data-status={known}
      data-variant={effectiveTone}
      data-size={size}
      className={cn(statusBadgeVariants({ tone: effectiveTone, size }), className)}
      {...props}
    >
      <Icon data-slot="status-badge-icon" aria-hidden="true" focusable="false" />
      <span data-slot="status-badge-label">{label ?? statusLabel}</span>
    </span>
  );
}
