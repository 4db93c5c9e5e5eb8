import { Slot } from '../../lib/slot';
import { icon } from '../../lib/icon';
import { cva, type VariantProps } from 'class-variance-authority';
import XDrawing from 'lucide/dist/esm/icons/x.mjs';
import * as React from 'react';
import { createPortal } from 'react-dom';

import { cn } from '../../lib/cn';
import { composeRefs } from '../../lib/compose-refs';
import { Alert } from '../Alert';
import { buttonVariants } from '../Button';

const X = icon(XDrawing);

const dialogDefaults = { size: 'md' } as const;

export const dialogContentVariants = cva(
  [
    'fixed inset-0 m-auto h-fit max-h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] max-w-[calc(100vw-1rem)] flex-col open:flex',
    'gap-4 overflow-y-auto rounded-lg border-2 border-border bg-surface p-5 text-surface-foreground sm:p-6',
    'backdrop:bg-foreground/60',
    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
  ],
  {
    variants: {
      size: {
        sm: 'sm:max-w-md',
        md: 'sm:max-w-xl',
        lg: 'sm:max-w-3xl',
        /** Room for an embedded provider (the document-retrieval widget). */
        frame: 'sm:max-w-4xl',
      },
    },
    defaultVariants: dialogDefaults,
  },
);

type DialogSize = NonNullable<VariantProps<typeof dialogContentVariants>['size']>;

interface DialogState {
  open: boolean;
  setOpen: (next: boolean) => void;
  /** The trigger, which gets focus back when the dialog closes. */
  triggerRef: React.RefObject<HTMLElement | null>;
  titleId: string;
  descriptionId: string;
  hasDescription: boolean;
  setHasDescription: (present: boolean) => void;
}

const DialogContext = React.createContext<DialogState | null>(null);

function useDialog(part: string): DialogState {
  const state = React.useContext(DialogContext);
  if (state === null) throw new Error(`${part} must be inside a Dialog`);
  return state;
}

export interface DialogProps {
  open?: boolean | undefined;
  defaultOpen?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
  children?: React.ReactNode;
}

/**
 * A window over the page that keeps focus inside until it is closed. It is the browser's own
 * `<dialog>` opened with `showModal()`: the page behind is inert and Escape closes it.
 */
export function Dialog({ open, defaultOpen = false, onOpenChange, children }: DialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = React.useState(defaultOpen);
  const [hasDescription, setHasDescription] = React.useState(false);
  const triggerRef = React.useRef<HTMLElement>(null);
  const id = React.useId();
  const isOpen = open ?? uncontrolledOpen;
  const state: DialogState = {
    open: isOpen,
    setOpen: (next) => {
      if (next === isOpen) return;
      if (open === undefined) setUncontrolledOpen(next);
      onOpenChange?.(next);
    },
    triggerRef,
    titleId: `${id}-title`,
    descriptionId: `${id}-description`,
    hasDescription,
    setHasDescription,
  };
  return <DialogContext value={state}>{children}</DialogContext>;
}

type ButtonPartProps = React.ComponentProps<'button'> & { asChild?: boolean };

export function DialogTrigger({ asChild = false, onClick, ref, ...props }: ButtonPartProps) {
  const { open, setOpen, triggerRef } = useDialog('DialogTrigger');
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type={asChild ? undefined : 'button'}
      data-slot="dialog-trigger"
      aria-haspopup="dialog"
      aria-expanded={open}
      ref={composeRefs(ref, triggerRef)}
      onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) setOpen(true);
      }}
      {...props}
    />
  );
}

export function DialogClose({ asChild = false, onClick, ...props }: ButtonPartProps) {
  const { setOpen } = useDialog('DialogClose');
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type={asChild ? undefined : 'button'}
      data-slot="dialog-close"
      onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) setOpen(false);
      }}
      {...props}
    />
  );
}

export interface DialogContentProps extends Omit<React.ComponentProps<'dialog'>, 'open'> {
  size?: DialogSize;
  /** Text of the close button in the corner; it is always shown unless `hideCloseButton`. */
  closeLabel?: string;
  hideCloseButton?: boolean;
  /**
   * Called once the dialog is open and focus is on its first control; call
   * `event.preventDefault()` and focus something else yourself to start elsewhere.
   */
  onOpenAutoFocus?: ((event: Event) => void) | undefined;
  /**
   * Called as the dialog closes, before focus returns to the element that opened it; call
   * `event.preventDefault()` to move focus somewhere else yourself.
   */
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}

const FOCUSABLE =
  'a[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable="true"]';

/**
 * Tab from the last control goes back to the first, and Shift+Tab from the first to the last:
 * a modal `<dialog>` alone would let focus leave the page for the browser's own controls.
 */
function keepTabInside(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  const tabbable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      element.tabIndex >= 0 && !element.matches(':disabled') && element.checkVisibility(),
  );
  const first = tabbable[0];
  const last = tabbable.at(-1);
  if (first === undefined || last === undefined) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const atEdge = event.shiftKey ? active === first || active === dialog : active === last;
  if (!atEdge) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

function isOutside(dialog: HTMLDialogElement, event: MouseEvent): boolean {
  // A click on the backdrop reaches the dialog itself, outside its box.
  if (event.target !== dialog) return false;
  const box = dialog.getBoundingClientRect();
  return (
    event.clientX < box.left ||
    event.clientX > box.right ||
    event.clientY < box.top ||
    event.clientY > box.bottom
  );
}

export function DialogContent({
  size = dialogDefaults.size,
  closeLabel = 'Cerrar',
  hideCloseButton = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
  className,
  children,
  ref,
  ...props
}: DialogContentProps) {
  const dialog = useDialog('DialogContent');
  const dialogRef = React.useRef<HTMLDialogElement>(null);
  const openAutoFocus = React.useEffectEvent(() => {
    onOpenAutoFocus?.(new Event('dialog.open-auto-focus', { cancelable: true }));
  });
  const close = React.useEffectEvent(() => {
    dialog.setOpen(false);
  });
  const closeAutoFocus = React.useEffectEvent((opener: HTMLElement | null) => {
    const event = new Event('dialog.close-auto-focus', { cancelable: true });
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    const target = opener?.isConnected === true ? opener : dialog.triggerRef.current;
    target?.focus();
  });

  // Before the first paint, so the closed `<dialog>` is never drawn in the page's flow.
  React.useLayoutEffect(() => {
    const element = dialogRef.current;
    if (!dialog.open || element === null) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    if (!element.open) element.showModal();
    openAutoFocus();
    // Listened to after the caller's own handlers, which can prevent them.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (event.key === 'Tab') keepTabInside(element, event);
      // Escape closes through React's state at once; the browser's `cancel` comes a task later.
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
    };
    const onClick = (event: MouseEvent) => {
      if (!event.defaultPrevented && isOutside(element, event)) close();
    };
    element.addEventListener('keydown', onKeyDown);
    element.addEventListener('click', onClick);
    return () => {
      element.removeEventListener('keydown', onKeyDown);
      element.removeEventListener('click', onClick);
      if (element.open) element.close();
      closeAutoFocus(opener);
    };
  }, [dialog.open]);

  if (!dialog.open || typeof document === 'undefined') return null;
  return createPortal(
    <dialog
      ref={composeRefs(ref, dialogRef)}
      data-slot="dialog-content"
      data-size={size}
      data-close-button={hideCloseButton ? undefined : ''}
      aria-labelledby={dialog.titleId}
      aria-describedby={dialog.hasDescription ? dialog.descriptionId : undefined}
      className={cn(dialogContentVariants({ size }), className)}
      onCancel={(event) => {
        event.preventDefault();
        dialog.setOpen(false);
      }}
      {...props}
    >
      {/* First in Tab order, as it is drawn at the top; with nothing else to focus (an
          embedded provider's frame) it is what gets focus when the dialog opens. */}
      {hideCloseButton ? null : (
        <DialogClose
          className={cn(
            buttonVariants({ variant: 'ghost', size: 'md', padding: 'narrow' }),
            'absolute end-2 top-2 sm:end-3 sm:top-3',
          )}
        >
          <X aria-hidden="true" focusable="false" />
          {closeLabel}
        </DialogClose>
      )}
      {children}
    </dialog>,
    document.body,
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div data-slot="dialog-header" className={cn('flex flex-col gap-2', className)} {...props} />
  );
}

export function DialogTitle({ className, children, ...props }: React.ComponentProps<'h2'>) {
  const { titleId } = useDialog('DialogTitle');
  return (
    <h2
      id={titleId}
      data-slot="dialog-title"
      className={cn(
        'text-xl leading-tight font-bold text-foreground sm:text-2xl',
        // Leaves room for the close button in the corner.
        'in-data-close-button:pe-28',
        className,
      )}
      {...props}
    >
      {children}
    </h2>
  );
}

export function DialogDescription({ className, ...props }: React.ComponentProps<'p'>) {
  const { descriptionId, setHasDescription } = useDialog('DialogDescription');
  React.useLayoutEffect(() => {
    setHasDescription(true);
    return () => {
      setHasDescription(false);
    };
  }, [setHasDescription]);
  return (
    <p
      id={descriptionId}
      data-slot="dialog-description"
      className={cn('leading-relaxed text-muted-foreground', className)}
      {...props}
    />
  );
}

export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export interface ModalDialogProps
  extends Omit<DialogContentProps, 'title'>, Omit<DialogProps, 'children'> {
  /** The control that opens it, when the dialog has one. */
  trigger?: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Why the last attempt failed, shown under the description until the next one. */
  failure?: string | null;
  /** The answers, laid out by `DialogFooter`; a form inside gives its own. */
  footer?: React.ReactNode;
}

/**
 * The usual dialog in one piece: its trigger, title, description, the failure of the last
 * attempt, what it holds and its answers. Compose the parts instead for anything else.
 */
export function ModalDialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  failure = null,
  footer,
  children,
  ...content
}: ModalDialogProps) {
  return (
    <Dialog open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger === undefined ? null : <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent {...content}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description === undefined ? null : <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {failure === null ? null : (
          <Alert variant="error">
            <p>{failure}</p>
          </Alert>
        )}
        {children}
        {footer === undefined ? null : <DialogFooter>{footer}</DialogFooter>}
      </DialogContent>
    </Dialog>
  );
}
