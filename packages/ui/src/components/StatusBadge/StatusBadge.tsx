import type { DocumentEstado, RequiredDocumentEstado } from '@cbp/core';
import { cva, type VariantProps } from 'class-variance-authority';
import { CircleCheck, CircleX, Clock, Hourglass, type LucideIcon } from 'lucide-react';
import type * as React from 'react';

import { cn } from '../../lib/cn';

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
 * One look per estado core gives a document: in review (DocumentEstado) or in the case file's
 * list (RequiredDocumentEstado). `satisfies` makes a new estado in core a compile error here.
 */
const byStatus = {
  pendiente: { icon: Clock, tone: 'warning', label: 'Pendiente' },
  aprobado: { icon: CircleCheck, tone: 'success', label: 'Aprobado' },
  rechazado: { icon: CircleX, tone: 'danger', label: 'Rechazado' },
  'en-revision': { icon: Hourglass, tone: 'warning', label: 'En revisión' },
  completado: { icon: CircleCheck, tone: 'success', label: 'Completado' },
} as const satisfies Record<
  DocumentEstado | RequiredDocumentEstado,
  { icon: LucideIcon; tone: StatusBadgeTone; label: string }
>;

export type StatusBadgeStatus = keyof typeof byStatus;

export const STATUS_BADGE_STATUSES = Object.keys(byStatus) as readonly StatusBadgeStatus[];

function isKnownStatus(value: string): value is StatusBadgeStatus {
  return (STATUS_BADGE_STATUSES as readonly string[]).includes(value);
}

/** Any value the badge does not know is shown as pending, as the spec asks. */
export function normalizeStatusBadgeStatus(value: string | null | undefined): StatusBadgeStatus {
  return typeof value === 'string' && isKnownStatus(value) ? value : 'pendiente';
}

export interface StatusBadgeProps extends React.ComponentProps<'span'> {
  /** A document's or a case step's `estado`, as the API sends it. Unknown values read as 'pendiente'. */
  status: string | null | undefined;
  /**
   * Overrides the colour while keeping the icon and text, for screens that stress a state more
   * (the case view shows a pending document in red because it has a deadline).
   */
  tone?: StatusBadgeTone;
  size?: StatusBadgeSize;
  /** Replaces the Spanish text of the status, e.g. a longer 'Pendiente de revisión'. */
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
  const { icon: Icon, tone: statusTone, label: statusLabel } = byStatus[known];
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
