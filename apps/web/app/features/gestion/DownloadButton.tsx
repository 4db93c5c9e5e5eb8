import type { DownloadedFile } from '@cbp/core';
import { Alert, Button } from '@cbp/ui';
import * as React from 'react';

import { saveFile } from '../../lib/save-file';
import { useStaff } from './context';
import { failureMessage } from './strings';

/**
 * A file of the case the firm downloads (each download is audited on the server): the button
 * says it is busy, and a failure is told under it in the server's words.
 */
export function DownloadButton({
  label,
  busyLabel,
  size,
  download,
}: {
  label: string;
  busyLabel: string;
  size?: 'sm';
  download: (token: string) => Promise<DownloadedFile>;
}) {
  const { call } = useStaff();
  const [busy, setBusy] = React.useState(false);
  const [failure, setFailure] = React.useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const file = await call(download);
      saveFile(file.blob, file.fileName);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        variant="outline"
        {...(size === undefined ? {} : { size })}
        busy={busy}
        busyLabel={busyLabel}
        onClick={() => void run()}
      >
        {label}
      </Button>
      {failure === null ? null : (
        <Alert variant="error">
          <p>{failure}</p>
        </Alert>
      )}
    </div>
  );
}
