import {
  DOCUMENT_MESSAGES,
  fileTooLargeMessage,
  RULES,
  type CaseChecklistDocument,
} from '@cbp/core';
import { useToast } from '@cbp/ui';
import * as React from 'react';

import { useAuth } from '../../lib/auth';
import { useFirstUse } from '../../lib/first-use';
import { loadUploader, uploadEndpoint } from './api';
import {
  classifyUploadFailure,
  isSending,
  isTooLarge,
  offlineFailures,
  parseUploadResult,
  uploadsReducer,
  type Uploads,
} from './uploads';

/**
 * Upload errors leave after this long instead of staying until closed (decision 0270): the row
 * keeps the message for as long as it matters, and on a phone a stack of them would cover the
 * screen, 'Finalizar' included.
 */
export const UPLOAD_ERROR_TOAST_MS = 10_000;

export interface UploadTarget {
  /** The checklist entry: '1/dni-nie'. */
  readonly id: string;
  /** Its name for the toasts: 'DNI/NIE'. */
  readonly nombre: string;
}

export interface UseUploads {
  readonly uploads: Uploads<File>;
  /** True while a file is on its way (leaving the screen stops it). */
  readonly sending: boolean;
  /** Checks and sends a file the person chose for an entry. */
  readonly choose: (target: UploadTarget, file: File) => void;
  /** Sends again the file whose upload failed. */
  readonly retry: (target: UploadTarget) => void;
}

/**
 * The uploads of the documents screen: checks, resumable sending with tus, the spec's toasts
 * and each row's state. `onStored` gets the server's new entry (null when the answer could not
 * be read: the screen then reloads the list).
 */
export function useUploads(
  owner: string,
  onStored: (target: UploadTarget, document: CaseChecklistDocument | null) => void,
): UseUploads {
  const [uploads, dispatch] = React.useReducer(uploadsReducer<File>, {});
  const toast = useToast();
  const { accessToken } = useAuth();
  const running = React.useRef(new Set<string>());
  const aborts = React.useRef(new Map<string, () => void>());
  const names = React.useRef(new Map<string, string>());
  // Error toasts stay until closed; a new attempt on the same row makes its old one moot.
  const errorToasts = React.useRef(new Map<string, number>());
  const latest = React.useRef(uploads);
  const storedCallback = React.useRef(onStored);

  React.useEffect(() => {
    latest.current = uploads;
    storedCallback.current = onStored;
  });

  const send = React.useCallback(
    async (target: UploadTarget, file: File) => {
      const { id, nombre } = target;
      if (running.current.has(id)) return;
      names.current.set(id, nombre);
      const staleError = errorToasts.current.get(id);
      if (staleError !== undefined) toast.dismiss(staleError);
      errorToasts.current.delete(id);
      if (isTooLarge(file)) {
        dispatch({ type: 'refusedLocally', id, file });
        errorToasts.current.set(
          id,
          toast.error(fileTooLargeMessage(file.name), { duration: UPLOAD_ERROR_TOAST_MS }),
        );
        return;
      }
      running.current.add(id);
      dispatch({ type: 'started', id, file });
      const progressToast = toast.info(DOCUMENT_MESSAGES.uploading(file.name));
      const failed = (failure: ReturnType<typeof classifyUploadFailure>) => {
        dispatch({ type: 'failed', id, ...failure });
        errorToasts.current.set(
          id,
          toast.error(DOCUMENT_MESSAGES.uploadFailed(file.name), {
            duration: UPLOAD_ERROR_TOAST_MS,
            ...(failure.reason === null ? {} : { description: failure.reason }),
          }),
        );
      };
      try {
        const { startResumableUpload } = await loadUploader();
        const upload = startResumableUpload({
          endpoint: uploadEndpoint(),
          file,
          documentId: id,
          owner,
          accessToken,
          onProgress: (sent, total) => {
            dispatch({ type: 'progressed', id, sent, total });
          },
        });
        aborts.current.set(id, upload.abort);
        const outcome = await upload.done;
        toast.dismiss(progressToast);
        if ('aborted' in outcome) return;
        if (outcome.ok) {
          dispatch({ type: 'succeeded', id });
          storedCallback.current(target, parseUploadResult(outcome.body));
          toast.success(DOCUMENT_MESSAGES.uploaded(nombre));
          setTimeout(() => {
            dispatch({ type: 'cleared', id });
          }, RULES.timings.progressClearMs);
          return;
        }
        failed(classifyUploadFailure(outcome.status, outcome.body, file.name));
      } catch (error) {
        // The uploader itself could not be loaded (no connection when the file was chosen).
        console.error('No se pudo subir el archivo', error);
        toast.dismiss(progressToast);
        failed(classifyUploadFailure(null, null, file.name));
      } finally {
        running.current.delete(id);
        aborts.current.delete(id);
      }
    },
    [accessToken, owner, toast],
  );

  const choose = React.useCallback(
    (target: UploadTarget, file: File) => {
      void send(target, file);
    },
    [send],
  );

  const retry = React.useCallback(
    (target: UploadTarget) => {
      const entry = latest.current[target.id];
      if (entry?.phase === 'failed') void send(target, entry.file);
    },
    [send],
  );

  // A phone that lost its connection: what failed for that reason goes on when it is back.
  React.useEffect(() => {
    const resume = () => {
      for (const id of offlineFailures(latest.current)) {
        const entry = latest.current[id];
        const nombre = names.current.get(id);
        if (entry?.phase === 'failed' && nombre !== undefined)
          void send({ id, nombre }, entry.file);
      }
    };
    window.addEventListener('online', resume);
    return () => {
      window.removeEventListener('online', resume);
    };
  }, [send]);

  // The uploader is fetched once the person starts using the screen (a tap, a key), not with
  // it: a file takes far longer to choose than the uploader to arrive.
  useFirstUse(() => {
    loadUploader().catch(() => undefined);
  });

  // Leaving the screen stops what is on its way, instead of it going on unseen (and being
  // chosen again beside itself): the same file chosen later resumes where it stopped.
  React.useEffect(() => {
    const stopOnLeave = aborts.current;
    return () => {
      for (const abort of stopOnLeave.values()) abort();
    };
  }, []);

  return { uploads, sending: isSending(uploads), choose, retry };
}
