import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva } from 'class-variance-authority';
import CircleAlertDrawing from 'lucide/dist/esm/icons/circle-alert.mjs';
import CircleCheckDrawing from 'lucide/dist/esm/icons/circle-check.mjs';
import InfoDrawing from 'lucide/dist/esm/icons/info.mjs';
import XDrawing from 'lucide/dist/esm/icons/x.mjs';

import { cn } from '../../lib/cn';
import { buttonVariants } from '../Button';
import type { ToastDurations, ToastRecord, ToastSide, ToastVariant } from './Toast';
import { icon, type Icon } from '../../lib/icon';

const CircleAlert = icon(CircleAlertDrawing);
const CircleCheck = icon(CircleCheckDrawing);
const Info = icon(InfoDrawing);
const X = icon(XDrawing);

export const toastVariants = cva(
  [
    'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border-2 border-s-8 p-3 pe-14 shadow-lg sm:p-4 sm:pe-14',
    'bg-surface text-surface-foreground',
    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
    'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0',
  ],
  {
    variants: {
      variant: {
        success: 'border-success [&>[data-slot=toast-icon]]:text-success-strong',
        error: 'border-danger [&>[data-slot=toast-icon]]:text-danger-strong',
        info: 'border-info [&>[data-slot=toast-icon]]:text-info-strong',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

const byVariant: Record<
  ToastVariant,
  { icon: Icon; prefix: string; type: 'foreground' | 'background' }
> = {
  // Radix announces `foreground` toasts assertively and `background` ones politely.
  success: { icon: CircleCheck, prefix: 'Correcto: ', type: 'background' },
  error: { icon: CircleAlert, prefix: 'Error: ', type: 'foreground' },
  info: { icon: Info, prefix: 'Información: ', type: 'background' },
};

function durationOf(variant: ToastVariant, durations: ToastDurations): number {
  return variant === 'error' ? Number.POSITIVE_INFINITY : durations[variant];
}

export interface ToastRegionProps {
  toasts: readonly ToastRecord[];
  label: string;
  regionLabel: string;
  hotkey: string[];
  closeLabel: string;
  durations: ToastDurations;
  /** On narrow screens, the edge the toast sits at: away from the focused control. */
  side: ToastSide;
  className?: string;
  onClose: (id: number) => void;
}

/** The toasts and the region holding them: loaded with the first toast, then kept. */
export default function ToastRegion({
  toasts,
  label,
  regionLabel,
  hotkey,
  closeLabel,
  durations,
  side,
  className,
  onClose,
}: ToastRegionProps) {
  return (
    <ToastPrimitive.Provider label={label} swipeDirection="right">
      {toasts.map((toast) => (
        <ToastItem
          key={toast.id}
          toast={toast}
          closeLabel={closeLabel}
          durations={durations}
          onClose={() => {
            onClose(toast.id);
          }}
        />
      ))}
      <ToastPrimitive.Viewport
        data-slot="toast-viewport"
        hotkey={hotkey}
        label={regionLabel}
        data-side={side}
        className={cn(
          'pointer-events-none fixed inset-x-0 z-50 m-0 flex max-h-dvh list-none flex-col gap-3 p-3 outline-none',
          side === 'top' ? 'top-0' : 'bottom-0',
          'sm:top-auto sm:bottom-0 sm:start-auto sm:end-0 sm:w-full sm:max-w-md sm:p-6',
          'focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-ring',
          className,
        )}
      />
    </ToastPrimitive.Provider>
  );
}

function ToastItem({
  toast,
  closeLabel,
  durations,
  onClose,
}: {
  toast: ToastRecord;
  closeLabel: string;
  durations: ToastDurations;
  onClose: () => void;
}) {
  const { icon: Icon, prefix, type } = byVariant[toast.variant];
  const duration =
    toast.action === undefined
      ? (toast.duration ?? durationOf(toast.variant, durations))
      : Number.POSITIVE_INFINITY;
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      data-variant={toast.variant}
      type={type}
      duration={duration}
      defaultOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className={toastVariants({ variant: toast.variant })}
    >
      <Icon
        data-slot="toast-icon"
        aria-hidden="true"
        focusable="false"
        className="mt-0.5 size-5 shrink-0"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <ToastPrimitive.Title data-slot="toast-title" className="leading-snug font-semibold">
          <span className="sr-only">{prefix}</span>
          {toast.message}
          {/* Keeps the title and description apart in the announcement, built from text nodes. */}{' '}
        </ToastPrimitive.Title>
        {toast.description === undefined ? null : (
          <ToastPrimitive.Description data-slot="toast-description" className="leading-relaxed">
            {toast.description}
          </ToastPrimitive.Description>
        )}
        {toast.action === undefined ? null : (
          <ToastPrimitive.Action
            data-slot="toast-action"
            altText={toast.action.altText}
            onClick={toast.action.onClick}
            className={cn(
              'relative',
              buttonVariants({ variant: 'outline', size: 'sm' }),
              'mt-2 self-start',
            )}
          >
            {toast.action.label}
          </ToastPrimitive.Action>
        )}
      </div>
      <ToastPrimitive.Close
        data-slot="toast-close"
        aria-label={closeLabel}
        className={cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'absolute end-1.5 top-1.5',
        )}
      >
        {/* The icon, drawn in currentColor, is all the button shows: muted on the icon itself
            instead of over the variant's text colour. */}
        <X aria-hidden="true" focusable="false" className="size-5 text-muted-foreground" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}
