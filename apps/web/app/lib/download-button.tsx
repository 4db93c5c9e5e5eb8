import type { DownloadedFile } from '@cbp/core';
import { Alert, Button, useToast } from '@cbp/ui';
import * as React from 'react';

import { failureText } from './client-loader';
import { RETRY } from './load-failure';
import { saveFile } from './save-file';

/**
 * A button that downloads a file of the case: it says it is busy, and a failure is told in the
 * server's words, in a toast that offers to try again or, with `inline`, under the button.
 */
export function DownloadButton({
  label,
  busyLabel,
  size,
  failure,
  inline = false,
  download,
}: {
  label: string;
  busyLabel: string;
  size?: 'sm';
  /** Our message when the server gave none, or how to tell the error in words. */
  failure: string | ((error: unknown) => string);
  inline?: boolean;
  download: () => Promise<DownloadedFile>;
}) {
  const toast = useToast();
  const [busy, setBusy] = React.useState(false);
  const [shown, setShown] = React.useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setShown(null);
    try {
      const file = await download();
      saveFile(file.blob, file.fileName);
    } catch (error) {
      const text = typeof failure === 'string' ? failureText(error, failure) : failure(error);
      console.error(text, error);
      if (inline) setShown(text);
      else {
        toast.error(text, {
          action: { label: RETRY, altText: RETRY, onClick: () => void run() },
        });
      }
    } finally {
      setBusy(false);
    }
  };
  const button = (
    <Button
      variant="outline"
      {...(size === undefined ? {} : { size })}
      busy={busy}
      busyLabel={busyLabel}
      onClick={() => void run()}
    >
      {label}
    </Button>
  );
  if (!inline) return button;
  return (
    <div className="flex flex-col items-start gap-2">
      {button}
      {shown === null ? null : (
        <Alert variant="error">
          <p>{shown}</p>
        </Alert>
      )}
    </div>
  );
}
