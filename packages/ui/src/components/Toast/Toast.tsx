import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlert, CircleCheck, Info, X, type LucideIcon } from 'lucide-react';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { buttonVariants } from '../Button';

export const toastVariants = cva(
  [
    'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border-2 border-s-8 p-4 pe-14',
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

export type ToastVariant = NonNullable<VariantProps<typeof toastVariants>['variant']>;

const byVariant: Record<
  ToastVariant,
  { icon: LucideIcon; prefix: string; type: 'foreground' | 'background' }
> = {
  // Radix announces `foreground` toasts assertively and `background` ones politely.
  success: { icon: CircleCheck, prefix: 'Correcto: ', type: 'background' },
  error: { icon: CircleAlert, prefix: 'Error: ', type: 'foreground' },
  info: { icon: Info, prefix: 'Información: ', type: 'background' },
};

/**
 * How long success and information toasts stay, in milliseconds: the app decides (the
 * product's timings live in its rule table). Errors always stay until closed, so nobody
 * misses what went wrong.
 */
export interface ToastDurations {
  success: number;
  info: number;
}

function durationOf(variant: ToastVariant, durations: ToastDurations): number {
  return variant === 'error' ? Number.POSITIVE_INFINITY : durations[variant];
}

export interface ToastAction {
  /** The button's text: 'Reintentar'. */
  label: string;
  /** How to do the same without the toast, read by screen readers in the announcement. */
  altText: string;
  onClick: () => void;
}

export interface ToastOptions {
  /** A second line under the message. */
  description?: React.ReactNode;
  /** A button in the toast. A toast with an action stays until it is closed. */
  action?: ToastAction;
  /** Overrides the kind's duration; `Infinity` keeps it until closed. */
  duration?: number;
}

interface ToastRecord extends ToastOptions {
  id: number;
  variant: ToastVariant;
  message: React.ReactNode;
}

export interface ToastApi {
  success: (message: React.ReactNode, options?: ToastOptions) => number;
  error: (message: React.ReactNode, options?: ToastOptions) => number;
  info: (message: React.ReactNode, options?: ToastOptions) => number;
  /** Closes one toast by the id its call returned, or every toast without an id. */
  dismiss: (id?: number) => void;
}

const ToastContext = React.createContext<ToastApi | null>(null);

let lastToastId = 0;

/** `toast.success('Documentación enviada correctamente')`, `.error(...)`, `.info(...)`. */
export function useToast(): ToastApi {
  const api = React.use(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it.');
  return api;
}

export interface ToastProviderProps {
  children?: React.ReactNode;
  /** Read before each toast's text when it is announced. */
  label?: string;
  /** Name of the toasts' region; `{hotkey}` becomes the keys that focus it. */
  regionLabel?: string;
  /** Keys that move focus to the toasts (`KeyboardEvent.code` values). */
  hotkey?: string[];
  /** Text of each toast's close button, read by screen readers. */
  closeLabel?: string;
  /** How long success and information toasts stay, in milliseconds. */
  durations: ToastDurations;
  /** Classes of the region holding the toasts. */
  className?: string;
}

/**
 * Holds the toasts of an app: wrap the app once, then call `useToast()` anywhere below. Toasts
 * stack at the bottom right (across the bottom on narrow screens).
 */
export function ToastProvider({
  children,
  durations,
  label = 'Notificación',
  regionLabel = 'Notificaciones ({hotkey})',
  hotkey = ['F8'],
  closeLabel = 'Cerrar',
  className,
}: ToastProviderProps) {
  const [toasts, setToasts] = React.useState<ToastRecord[]>([]);

  const api = React.useMemo<ToastApi>(() => {
    const show = (variant: ToastVariant) => (message: React.ReactNode, options?: ToastOptions) => {
      lastToastId += 1;
      const id = lastToastId;
      setToasts((current) => [...current, { ...options, id, variant, message }]);
      return id;
    };
    return {
      success: show('success'),
      error: show('error'),
      info: show('info'),
      dismiss: (id) => {
        setToasts((current) =>
          id === undefined ? [] : current.filter((toast) => toast.id !== id),
        );
      },
    };
  }, []);

  return (
    <ToastContext value={api}>
      <ToastPrimitive.Provider label={label} swipeDirection="right">
        {children}
        {toasts.map((toast) => (
          <ToastItem
            key={toast.id}
            toast={toast}
            closeLabel={closeLabel}
            durations={durations}
            onClose={() => {
              api.dismiss(toast.id);
            }}
          />
        ))}
        <ToastPrimitive.Viewport
          data-slot="toast-viewport"
          hotkey={hotkey}
          label={regionLabel}
          className={cn(
            'pointer-events-none fixed inset-x-0 bottom-0 z-50 m-0 flex max-h-dvh list-none flex-col gap-3 p-4 outline-none',
            'sm:start-auto sm:end-0 sm:w-full sm:max-w-md sm:p-6',
            'focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-ring',
            className,
          )}
        />
      </ToastPrimitive.Provider>
    </ToastContext>
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
            className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'mt-2 self-start')}
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
          'absolute end-1.5 top-1.5 text-muted-foreground',
        )}
      >
        <X aria-hidden="true" focusable="false" className="size-5" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}
