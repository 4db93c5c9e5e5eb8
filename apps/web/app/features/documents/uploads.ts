import {
  DOCUMENT_MESSAGES,
  fileTooLargeMessage,
  REVIEW_SERVER_MESSAGES,
  RULES,
  uploadResultSchema,
  checklistEntryState,
  type CaseChecklistDocument,
  type DocumentState,
} from '@cbp/core';

import { rejectionNote, UPLOAD_REASONS } from './strings';

/**
 * Bytes per PATCH. On mobile data a dropped connection loses at most the chunk in flight, and
 * every chunk the server confirmed is kept, so a 50 MB scan resumes near where it stopped.
 */
export const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024;

/** Waits between automatic retries: a phone changing cell or waking up needs tens of seconds. */
export const UPLOAD_RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000] as const;

/** The part of a File the state keeps; tests pass plain objects. */
export interface ChosenFile {
  readonly name: string;
  readonly size: number;
}

/** Why an upload did not end with the file kept. */
export type FailureKind =
  /** Refused here before sending: above the size limit. Nothing was sent. */
  | 'too-large'
  /** The server looked at the file and refused it (422, 413): choosing another file is the way out. */
  | 'refused'
  /** The connection dropped and the retries ran out; resumes when it comes back. */
  | 'offline'
  /** The session is over. */
  | 'session'
  /** Anything else on the server's side, worth another try. */
  | 'server';

export type UploadEntry<F extends ChosenFile = ChosenFile> =
  | { readonly phase: 'uploading'; readonly file: F; readonly percent: number }
  /** Kept: the bar stays full for a moment (RULES.timings.progressClearMs) before it goes. */
  | { readonly phase: 'finishing'; readonly file: F }
  | {
      readonly phase: 'failed';
      readonly file: F;
      readonly kind: FailureKind;
      readonly reason: string | null;
    };

export type Uploads<F extends ChosenFile = ChosenFile> = Readonly<Record<string, UploadEntry<F>>>;

/** True while some file is on its way: leaving the screen would stop it. */
export function isSending(uploads: Uploads): boolean {
  return Object.values(uploads).some((entry) => entry.phase === 'uploading');
}

export type UploadAction<F extends ChosenFile = ChosenFile> =
  | { readonly type: 'started'; readonly id: string; readonly file: F }
  | {
      readonly type: 'progressed';
      readonly id: string;
      readonly sent: number;
      readonly total: number;
    }
  | { readonly type: 'succeeded'; readonly id: string }
  | { readonly type: 'cleared'; readonly id: string }
  | {
      readonly type: 'failed';
      readonly id: string;
      readonly kind: FailureKind;
      readonly reason: string | null;
    }
  | { readonly type: 'refusedLocally'; readonly id: string; readonly file: F };

/** Whole percent sent, never 100 before the server has answered for the last byte. */
export function sentPercent(sent: number, total: number): number {
  if (!(total > 0) || !(sent > 0)) return 0;
  return Math.min(99, Math.floor((sent * 100) / total));
}

/**
 * The upload rows' state, keyed by checklist entry. A failure keeps the chosen file so it can be
 * sent again; only a newer choice replaces it.
 */
export function uploadsReducer<F extends ChosenFile>(
  state: Uploads<F>,
  action: UploadAction<F>,
): Uploads<F> {
  const current = state[action.id];
  switch (action.type) {
    case 'started':
      return { ...state, [action.id]: { phase: 'uploading', file: action.file, percent: 0 } };
    case 'progressed': {
      if (current?.phase !== 'uploading') return state;
      const percent = sentPercent(action.sent, action.total);
      if (percent === current.percent) return state;
      return { ...state, [action.id]: { ...current, percent } };
    }
    case 'succeeded':
      if (current?.phase !== 'uploading') return state;
      return { ...state, [action.id]: { phase: 'finishing', file: current.file } };
    case 'cleared': {
      if (current?.phase !== 'finishing') return state;
      const rest = { ...state };
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a record keyed by entry id.
      delete rest[action.id];
      return rest;
    }
    case 'failed':
      if (current?.phase !== 'uploading') return state;
      return {
        ...state,
        [action.id]: {
          phase: 'failed',
          file: current.file,
          kind: action.kind,
          reason: action.reason,
        },
      };
    case 'refusedLocally':
      return {
        ...state,
        [action.id]: { phase: 'failed', file: action.file, kind: 'too-large', reason: null },
      };
  }
}

/** True for a file the server would refuse for its size: nothing is sent (spec 02, section 5). */
export function isTooLarge(file: ChosenFile): boolean {
  return file.size > RULES.documents.maxFileBytes;
}

/**
 * Whether tus should try a failed request again: connection losses, conflicts and the server's
 * own failures. A file already sent to the firm (409 with the server's lock message) is a
 * verdict, not a conflict: retrying cannot help until the firm reopens it.
 */
export function shouldRetryStatus(status: number, body: string | null = null): boolean {
  if (status === 0) return true;
  if (status === 409 && serverMessage(body) === REVIEW_SERVER_MESSAGES.locked) return false;
  if (status === 409 || status === 423 || status === 429) return true;
  return status >= 500;
}

function serverMessage(body: string | null): string | null {
  if (body === null || body.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null || !('message' in parsed)) return null;
    const { message } = parsed;
    if (typeof message !== 'string' || message.trim() === '') return null;
    return message.trim().slice(0, 500);
  } catch {
    return null;
  }
}

export interface UploadFailure {
  readonly kind: FailureKind;
  readonly reason: string | null;
}

/**
 * What a failed upload means for the person, from the last response: no status is a lost
 * connection; 413 and 422 are the server's verdict on the file, with its Spanish reason.
 */
export function classifyUploadFailure(
  status: number | null,
  body: string | null,
  fileName: string,
): UploadFailure {
  if (status === null || status === 0) return { kind: 'offline', reason: UPLOAD_REASONS.offline };
  if (status === 401) return { kind: 'session', reason: UPLOAD_REASONS.session };
  const message = serverMessage(body);
  if (status === 413) return { kind: 'refused', reason: message ?? fileTooLargeMessage(fileName) };
  if (status >= 400 && status < 500 && !shouldRetryStatus(status, body)) {
    return { kind: 'refused', reason: message };
  }
  return { kind: 'server', reason: message };
}

/** The checklist entry the server answered with after keeping the file; null when unreadable. */
export function parseUploadResult(body: string | null): CaseChecklistDocument | null {
  if (body === null || body.trim() === '') return null;
  try {
    const parsed = uploadResultSchema.safeParse(JSON.parse(body) as unknown);
    return parsed.success ? parsed.data.data.documento : null;
  } catch {
    return null;
  }
}

/** The message under a failed row and in its toast: 'Error al subir X: reason'. */
export function failureMessage(entry: {
  file: ChosenFile;
  kind: FailureKind;
  reason: string | null;
}): string {
  if (entry.kind === 'too-large') return fileTooLargeMessage(entry.file.name);
  const opening = DOCUMENT_MESSAGES.uploadFailed(entry.file.name);
  return entry.reason === null ? opening : `${opening}: ${entry.reason}`;
}

/** A failure that the same file can get past: everything but the file itself being refused. */
export function canRetry(kind: FailureKind): boolean {
  return kind === 'offline' || kind === 'server';
}

/** What one row shows: the server's entry, with the upload under way (or failed) on top. */
export interface RowView {
  /** The entry's state in core's words: 'Falta', 'En revisión', 'Aprobado'... */
  readonly status: DocumentState;
  readonly fileName: string | null;
  readonly fileSize: number | null;
  readonly progress: number | null;
  readonly error: string | null;
  readonly note: string | null;
  readonly retry: boolean;
  readonly uploading: boolean;
}

export function rowView(document: CaseChecklistDocument, entry: UploadEntry | undefined): RowView {
  const stored = {
    status: checklistEntryState(document),
    fileName: document.archivo?.name ?? null,
    fileSize: document.archivo?.size ?? null,
  };
  const note = document.estado === 'rechazado' ? rejectionNote(document.motivoRechazo) : null;
  const base = { ...stored, progress: null, error: null, note, retry: false, uploading: false };
  if (entry === undefined) return base;
  switch (entry.phase) {
    case 'uploading':
      return {
        ...base,
        fileName: entry.file.name,
        fileSize: entry.file.size,
        progress: entry.percent,
        note: null,
        uploading: true,
      };
    case 'finishing':
      return { ...base, progress: 100, fileSize: stored.fileSize ?? entry.file.size };
    case 'failed':
      return { ...base, error: failureMessage(entry), retry: canRetry(entry.kind) };
  }
}

/** The first upload still running, to say what finishing would leave behind. */
export function runningUpload(uploads: Uploads): ChosenFile | null {
  for (const entry of Object.values(uploads)) {
    if (entry.phase === 'uploading') return entry.file;
  }
  return null;
}

/** The ids whose upload failed for lack of connection: retried when the browser is back online. */
export function offlineFailures(uploads: Uploads): string[] {
  return Object.entries(uploads)
    .filter(([, entry]) => entry.phase === 'failed' && entry.kind === 'offline')
    .map(([id]) => id);
}

/**
 * What the tus client stores a resumable upload under: the person, the checklist entry and the
 * file, so the same file chosen again for the same entry continues, and never for another entry.
 */
export function uploadFingerprint(parts: {
  owner: string;
  documentId: string;
  name: string;
  type: string;
  size: number;
  lastModified: number;
  endpoint: string;
}): string {
  return [
    'cbp',
    parts.owner,
    parts.documentId,
    parts.name,
    parts.type,
    String(parts.size),
    String(parts.lastModified),
    parts.endpoint,
  ].join('|');
}
