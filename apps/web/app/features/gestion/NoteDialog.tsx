import type { formatZodIssues } from '@cbp/core';
import { Button, DialogClose, DialogFooter, Field, ModalDialog, TextArea } from '@cbp/ui';
import * as React from 'react';

import { useFormErrors } from '../../lib/forms/use-form-errors';
import { useSubmission } from '../../lib/forms/use-submission';
import { failureMessage } from './strings';

type ParseError = Parameters<typeof formatZodIssues>[0];
type Read<Request> =
  | { readonly success: true; readonly data: Request }
  | { readonly success: false; readonly error: ParseError };

export interface NoteDialogProps<Field extends string, Request> {
  /** The button that opens the dialog. */
  trigger: React.ReactElement;
  title: React.ReactNode;
  description: React.ReactNode;
  /** Every field of the form by its name in the request, with its element id, in page order. */
  fieldIds: Readonly<Record<Field, string>>;
  /** The note (a reason, why a file is reopened): which field it is and how it is asked. */
  note: {
    readonly name: NoInfer<Field>;
    readonly label: string;
    readonly hint?: string;
    readonly required: boolean;
    readonly maxLength: number;
  };
  /** Fields asked before the note (a refund's reason), given the errors to show on them. */
  fieldsBefore?: (errors: Partial<Record<NoInfer<Field>, string>>) => React.ReactNode;
  /** The form as the request, from the typed note (and what the caller holds), or its errors. */
  read: (note: string) => Read<Request>;
  /** With it, the dialog shows what will happen and asks again before sending. */
  confirmation?: {
    readonly heading: string;
    readonly render: (request: Request) => React.ReactNode;
    readonly continueLabel: string;
    readonly backLabel: string;
  };
  submitLabel: string;
  busyLabel: string;
  destructive?: boolean;
  /** Sends the request. A throw shows the server's message in the dialog. */
  onConfirm: (request: Request) => Promise<void>;
  /** Return true for a failure the page shows instead (the dialog then closes). */
  onFailure?: (error: unknown) => boolean;
  /** Called as the dialog opens, to reset the caller's fields. */
  onOpen?: () => void;
  /** Where focus goes after a successful action, when the button that opened it may be gone. */
  doneFocus?: React.RefObject<HTMLElement | null>;
}

/**
 * The back-office's confirm-with-note dialog: a note the audit log keeps (required or not),
 * optional fields before it, an optional second look before sending, the server's message on
 * refusal, focus on the first field when it opens and on the outcome once done.
 */
export function NoteDialog<Field extends string, Request>({
  trigger,
  title,
  description,
  fieldIds,
  note,
  fieldsBefore,
  read,
  confirmation,
  submitLabel,
  busyLabel,
  destructive = false,
  onConfirm,
  onFailure,
  onOpen,
  doneFocus,
}: NoteDialogProps<Field, Request>) {
  const [open, setOpen] = React.useState(false);
  const [text, setText] = React.useState('');
  /** The checked request while the dialog asks to confirm it. */
  const [pending, setPending] = React.useState<{ request: Request } | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const succeeded = React.useRef(false);
  const content = React.useRef<HTMLDialogElement>(null);
  const confirmHeading = React.useRef<HTMLHeadingElement>(null);
  const fields = Object.keys(fieldIds) as Field[];
  const errors = useFormErrors(fields, (field) => fieldIds[field]);

  React.useEffect(() => {
    if (pending !== null) confirmHeading.current?.focus();
  }, [pending]);

  const send = async (request: Request) => {
    setFailure(null);
    try {
      await onConfirm(request);
      succeeded.current = true;
      setText('');
      setOpen(false);
    } catch (error) {
      if (errors.showApiErrors(error)) {
        setPending(null);
        return;
      }
      if (onFailure?.(error) === true) {
        setOpen(false);
        return;
      }
      setFailure(failureMessage(error));
    }
  };

  const check = useSubmission(async () => {
    setFailure(null);
    const parsed = read(text.trim());
    if (!parsed.success) {
      errors.showParseErrors(parsed.error);
      return;
    }
    errors.clear();
    if (confirmation === undefined) await send(parsed.data);
    else setPending({ request: parsed.data });
  });
  const confirm = useSubmission(async () => {
    if (pending !== null) await send(pending.request);
  });

  const variant = destructive ? 'destructive' : 'primary';
  const cancel = (
    <DialogClose asChild>
      <Button type="button" variant="outline">
        Cancelar
      </Button>
    </DialogClose>
  );

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          succeeded.current = false;
          onOpen?.();
        }
        setPending(null);
        setOpen(next);
        setFailure(null);
        errors.clear();
      }}
      trigger={trigger}
      title={title}
      description={description}
      failure={failure}
      ref={content}
      onOpenAutoFocus={(event) => {
        // Start on what the dialog asks for, not on "Cerrar".
        event.preventDefault();
        content.current?.querySelector<HTMLElement>('form :is(select, textarea, input)')?.focus();
      }}
      onCloseAutoFocus={(event) => {
        if (!succeeded.current || doneFocus?.current == null) return;
        event.preventDefault();
        doneFocus.current.focus();
      }}
    >
      {errors.summary}
      {pending === null || confirmation === undefined ? (
        <form noValidate onSubmit={check.onSubmit} className="flex flex-col gap-4">
          {fieldsBefore?.(errors.errors)}
          <Field
            id={fieldIds[note.name]}
            label={note.label}
            hint={note.hint}
            required={note.required}
            error={errors.errors[note.name]}
          >
            <TextArea
              value={text}
              maxLength={note.maxLength}
              onChange={(event) => {
                setText(event.target.value);
              }}
            />
          </Field>
          <DialogFooter>
            {cancel}
            {confirmation === undefined ? (
              <Button type="submit" variant={variant} busy={check.busy} busyLabel={busyLabel}>
                {submitLabel}
              </Button>
            ) : (
              <Button type="submit">{confirmation.continueLabel}</Button>
            )}
          </DialogFooter>
        </form>
      ) : (
        <form noValidate onSubmit={confirm.onSubmit} className="flex flex-col gap-4">
          <h3 ref={confirmHeading} tabIndex={-1} className="text-lg font-bold">
            {confirmation.heading}
          </h3>
          {confirmation.render(pending.request)}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setPending(null);
                setFailure(null);
              }}
            >
              {confirmation.backLabel}
            </Button>
            <Button type="submit" variant={variant} busy={confirm.busy} busyLabel={busyLabel}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      )}
    </ModalDialog>
  );
}
