import * as DialogPrimitive from '@radix-ui/react-dialog';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import type * as React from 'react';

import { cn } from '../../lib/cn';
import { Alert } from '../Alert';
import { buttonVariants } from '../Button';

const dialogDefaults = { size: 'md' } as const;

export const dialogContentVariants = cva(
  [
    'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
    'gap-4 overflow-y-auto rounded-lg border-2 border-border bg-surface p-5 text-surface-foreground sm:p-6',
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

/** A window over the page that keeps focus inside until it is closed. */
export function Dialog(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />;
}

export function DialogTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}

export function DialogClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

export interface DialogContentProps extends React.ComponentProps<typeof DialogPrimitive.Content> {
  size?: DialogSize;
  /** Text of the close button in the corner; it is always shown unless `hideCloseButton`. */
  closeLabel?: string;
  hideCloseButton?: boolean;
}

export function DialogContent({
  size = dialogDefaults.size,
  closeLabel = 'Cerrar',
  hideCloseButton = false,
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-slot="dialog-overlay"
        className="fixed inset-0 z-50 bg-foreground/60"
      />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        data-size={size}
        data-close-button={hideCloseButton ? undefined : ''}
        className={cn(dialogContentVariants({ size }), className)}
        {...props}
      >
        {/* First in Tab order, as it is drawn at the top; with nothing else to focus (an
            embedded provider's frame) it is what gets focus when the dialog opens. */}
        {hideCloseButton ? null : (
          <DialogPrimitive.Close
            data-slot="dialog-close"
            className={cn(
              buttonVariants({ variant: 'ghost', size: 'md', padding: 'narrow' }),
              'absolute end-2 top-2 sm:end-3 sm:top-3',
            )}
          >
            <X aria-hidden="true" focusable="false" />
            {closeLabel}
          </DialogPrimitive.Close>
        )}
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div data-slot="dialog-header" className={cn('flex flex-col gap-2', className)} {...props} />
  );
}

export function DialogTitle({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn(
        'text-xl leading-tight font-bold text-foreground sm:text-2xl',
        // Leaves room for the close button in the corner.
        'in-data-close-button:pe-28',
        className,
      )}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
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
  extends
    Omit<DialogContentProps, 'title'>,
    Pick<
      React.ComponentProps<typeof DialogPrimitive.Root>,
      'open' | 'defaultOpen' | 'onOpenChange'
    > {
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
