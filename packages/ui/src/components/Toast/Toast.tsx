import * as React from 'react';

export type ToastVariant = 'success' | 'error' | 'info';
export type ToastSide = 'top' | 'bottom';

/**
 * On a phone a toast spans the screen's width: it goes to the half the focused control is not
 * in, so it never covers the button just used nor the next one beside it.
 */
function sideAwayFromFocus(): ToastSide {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return 'bottom';
  if (active.closest('[data-slot="toast-viewport"]') !== null) return 'bottom';
  const { top, bottom } = active.getBoundingClientRect();
  return (top + bottom) / 2 > window.innerHeight / 2 ? 'top' : 'bottom';
}

const ToastRegion = React.lazy(() => import('./ToastRegion'));

/**
 * How long success and information toasts stay, in milliseconds: the app decides (the
 * product's timings live in its rule table). Errors always stay until closed, so nobody
 * misses what went wrong.
 */
export interface ToastDurations {
  success: number;
  info: number;
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

export interface ToastRecord extends ToastOptions {
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
 * Holds the toasts of an app: wrap the app once, then call `useToast()` anywhere below. One
 * toast shows at a time, the newest replacing the one before, at the bottom right; on narrow
 * screens across the top or the bottom, whichever half the focused control is not in.
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
  // The region (Radix, icons) is a separate chunk loaded with the first toast, then kept:
  // most pages never show one.
  const [regionWanted, setRegionWanted] = React.useState(false);
  const [side, setSide] = React.useState<ToastSide>('bottom');

  const api = React.useMemo<ToastApi>(() => {
    const show = (variant: ToastVariant) => (message: React.ReactNode, options?: ToastOptions) => {
      lastToastId += 1;
      const id = lastToastId;
      // One at a time: the newest replaces the one before, so toasts never stack over the page.
      setToasts([{ ...options, id, variant, message }]);
      setSide(sideAwayFromFocus());
      setRegionWanted(true);
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
      {children}
      {regionWanted ? (
        <React.Suspense fallback={null}>
          <ToastRegion
            toasts={toasts}
            label={label}
            regionLabel={regionLabel}
            hotkey={hotkey}
            closeLabel={closeLabel}
            durations={durations}
            side={side}
            className={className}
            onClose={api.dismiss}
          />
        </React.Suspense>
      ) : null}
    </ToastContext>
  );
}
