import { cva, type VariantProps } from 'class-variance-authority';
import CircleAlertDrawing from 'lucide/dist/esm/icons/circle-alert.mjs';
import CircleCheckDrawing from 'lucide/dist/esm/icons/circle-check.mjs';
import InfoDrawing from 'lucide/dist/esm/icons/info.mjs';
import TriangleAlertDrawing from 'lucide/dist/esm/icons/triangle-alert.mjs';
import type * as React from 'react';

import { cn } from '../../lib/cn';
import { icon, type Icon } from '../../lib/icon';

const CircleAlert = icon(CircleAlertDrawing);
const CircleCheck = icon(CircleCheckDrawing);
const Info = icon(InfoDrawing);
const TriangleAlert = icon(TriangleAlertDrawing);

const alertDefaults = { variant: 'info', layout: 'inline' } as const;

export const alertVariants = cva('flex items-start gap-3 p-4 text-foreground', {
  variants: {
    variant: {
      error: 'border-danger bg-danger-subtle [&>[data-slot=alert-icon]]:text-danger-strong',
      success: 'border-success bg-success-subtle [&>[data-slot=alert-icon]]:text-success-strong',
      info: 'border-info bg-info-subtle [&>[data-slot=alert-icon]]:text-info-strong',
      warning: 'border-warning bg-warning-subtle [&>[data-slot=alert-icon]]:text-warning-strong',
    },
    layout: {
      inline: 'rounded-md border-s-4',
      banner: 'w-full border-b-4 px-4 sm:px-6',
    },
  },
  defaultVariants: alertDefaults,
});

type AlertVariant = NonNullable<VariantProps<typeof alertVariants>['variant']>;
type AlertLayout = NonNullable<VariantProps<typeof alertVariants>['layout']>;

const byVariant: Record<AlertVariant, { icon: Icon; role: 'alert' | 'status'; prefix: string }> = {
  error: { icon: CircleAlert, role: 'alert', prefix: 'Error: ' },
  success: { icon: CircleCheck, role: 'status', prefix: 'Correcto: ' },
  info: { icon: Info, role: 'status', prefix: 'Información: ' },
  warning: { icon: TriangleAlert, role: 'status', prefix: 'Atención: ' },
};

export interface AlertProps extends React.ComponentProps<'div'> {
  variant?: AlertVariant;
  /** `banner` spans the full width of its container, for messages about the whole page. */
  layout?: AlertLayout;
  /** Read before the content so the kind of message is not told by colour and icon alone. */
  srPrefix?: string;
}

/**
 * A message about the page or the last action. Errors are `role="alert"` (assertive); the
 * other kinds are `role="status"` (polite). Both announce changes only: render the alert
 * when the message appears, not ahead of time with a different message.
 */
export function Alert({
  variant = alertDefaults.variant,
  layout = alertDefaults.layout,
  srPrefix,
  role,
  className,
  children,
  ...props
}: AlertProps) {
  const { icon: Icon, role: defaultRole, prefix } = byVariant[variant];
  return (
    <div
      role={role ?? defaultRole}
      data-slot="alert"
      data-variant={variant}
      data-layout={layout}
      className={cn(alertVariants({ variant, layout }), className)}
      {...props}
    >
      <Icon
        data-slot="alert-icon"
        aria-hidden="true"
        focusable="false"
        className="mt-0.5 size-5 shrink-0"
      />
      <div data-slot="alert-body" className="flex min-w-0 flex-1 flex-col gap-1">
        {srPrefix === '' ? null : <span className="sr-only">{srPrefix ?? prefix}</span>}
        {children}
      </div>
    </div>
  );
}

export function AlertTitle({ className, ...props }: React.ComponentProps<'p'>) {
  return (
    <p data-slot="alert-title" className={cn('leading-snug font-semibold', className)} {...props} />
  );
}

export function AlertDescription({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="alert-description"
      className={cn('leading-relaxed [&_p]:not-last:mb-2', className)}
      {...props}
    />
  );
}
