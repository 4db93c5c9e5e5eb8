import { isApiError } from '@cbp/core';
import { useToast } from '@cbp/ui';
import * as React from 'react';

import { useAuth } from '../../lib/auth';
import { downloadDocument } from './api';
import { RETRIEVAL_LABELS } from './strings';

/**
 * Downloads one stored file at a time and says why when it cannot. `downloading` is the id of
 * the file on its way, for the button's busy state.
 */
export function useDownload() {
  const { authorizedCall } = useAuth();
  const toast = useToast();
  const [downloading, setDownloading] = React.useState<string | null>(null);

  const download = React.useCallback(
    async (fileId: string) => {
      if (downloading !== null) return;
      setDownloading(fileId);
      try {
        await downloadDocument(authorizedCall, fileId);
      } catch (error) {
        console.error('Error al descargar un documento', error);
        toast.error(
          isApiError(error) && (error.status ?? 500) < 500
            ? error.message
            : RETRIEVAL_LABELS.downloadFailed,
        );
      } finally {
        setDownloading(null);
      }
    },
    [authorizedCall, downloading, toast],
  );

  return { downloading, download };
}
