import { type DetailedError, type HttpRequest, Upload } from 'tus-js-client';

import {
  shouldRetryStatus,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_RETRY_DELAYS_MS,
  uploadFingerprint,
} from './uploads';

export interface ResumableUploadRequest {
  /** The tus endpoint, absolute. */
  readonly endpoint: string;
  readonly file: File;
  /** The checklist entry: '1/dni-nie', 'hipoteca/nota-simple'. */
  readonly documentId: string;
  /** Who uploads, so an upload is never resumed for another person on the same browser. */
  readonly owner: string;
  /** A valid access token; given the token a request was refused with, a refreshed one. */
  readonly accessToken: (refused?: string) => Promise<string>;
  readonly onProgress: (sent: number, total: number) => void;
}

export type ResumableUploadOutcome =
  | { readonly ok: true; readonly body: string | null }
  | { readonly ok: false; readonly status: number | null; readonly body: string | null }
  /** Stopped on purpose (the screen was left): nothing to tell anyone. */
  | { readonly ok: false; readonly aborted: true };

export interface RunningUpload {
  readonly done: Promise<ResumableUploadOutcome>;
  readonly abort: () => void;
}

function isDetailed(error: Error): error is DetailedError {
  return 'originalRequest' in error;
}

/**
 * Sends one file with tus, resuming an earlier upload of the same file for the same entry (a
 * dropped connection, a closed tab). Loaded only by the documents screen, on first use.
 */
export function startResumableUpload(request: ResumableUploadRequest): RunningUpload {
  let refusedToken: string | undefined;
  let lastToken: string | undefined;
  let refreshedAfterRefusal = false;
  let sessionOver = false;

  let settle: (outcome: ResumableUploadOutcome) => void = () => undefined;
  const done = new Promise<ResumableUploadOutcome>((resolve) => {
    settle = resolve;
  });

  const upload = new Upload(request.file, {
    endpoint: request.endpoint,
    chunkSize: UPLOAD_CHUNK_BYTES,
    retryDelays: [...UPLOAD_RETRY_DELAYS_MS],
    metadata: { documentId: request.documentId, filename: request.file.name },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    fingerprint: (file: File, options) =>
      Promise.resolve(
        uploadFingerprint({
          owner: request.owner,
          documentId: request.documentId,
          name: file.name,
          type: file.type,
          size: file.size,
          lastModified: file.lastModified,
          endpoint: options.endpoint ?? request.endpoint,
        }),
      ),
    async onBeforeRequest(httpRequest: HttpRequest) {
      try {
        const token = await request.accessToken(refusedToken);
        refusedToken = undefined;
        lastToken = token;
        httpRequest.setHeader('Authorization', `Bearer ${token}`);
      } catch (error) {
        // No token at all: the session ended; retrying cannot help.
        sessionOver = true;
        throw error;
      }
    },
    onShouldRetry(error: DetailedError) {
      if (sessionOver) return false;
      const status = error.originalResponse?.getStatus() ?? 0;
      if (status === 401) {
        // One refresh per upload, as every other call: a second refusal ends the attempt.
        if (refreshedAfterRefusal) return false;
        refreshedAfterRefusal = true;
        refusedToken = lastToken;
        return true;
      }
      return shouldRetryStatus(status, error.originalResponse?.getBody() ?? null);
    },
    onProgress: request.onProgress,
    onSuccess({ lastResponse }) {
      settle({ ok: true, body: lastResponse.getBody() || null });
    },
    onError(error) {
      const response = isDetailed(error) ? error.originalResponse : null;
      settle({
        ok: false,
        status: sessionOver ? 401 : (response?.getStatus() ?? null),
        body: response?.getBody() ?? null,
      });
    },
  });

  void upload.findPreviousUploads().then(
    (previous) => {
      const [latest] = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime));
      if (latest !== undefined) upload.resumeFromPreviousUpload(latest);
      upload.start();
    },
    () => {
      upload.start();
    },
  );

  return {
    done,
    abort: () => {
      void upload.abort();
      // tus calls neither onSuccess nor onError for an upload stopped on purpose.
      settle({ ok: false, aborted: true });
    },
  };
}
