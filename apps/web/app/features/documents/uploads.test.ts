import { type CaseChecklistDocument, quotaReachedMessage, REVIEW_SERVER_MESSAGES } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import {
  canRetry,
  classifyUploadFailure,
  failureMessage,
  isSending,
  isTooLarge,
  offlineFailures,
  parseUploadResult,
  rowView,
  runningUpload,
  sentPercent,
  shouldRetryStatus,
  uploadFingerprint,
  uploadsReducer,
  type UploadAction,
  type Uploads,
} from './uploads';

const MB = 1024 * 1024;
const nomina = { name: 'nomina.pdf', size: 4 * MB };
const ID = '1/nominas';

function run(actions: UploadAction[], start: Uploads = {}): Uploads {
  return actions.reduce(uploadsReducer, start);
}

const blank: CaseChecklistDocument = {
  id: ID,
  nombre: 'Nóminas',
  archivo: null,
  estado: 'pendiente',
  motivoRechazo: null,
  motivo: 'Acreditan los ingresos actuales por trabajo: te las da tu empresa o su gestoría.',
  origen: 'subida',
  necesario: true,
  obtenidoCon: null,
};

const stored: CaseChecklistDocument = {
  ...blank,
  archivo: {
    id: '0b9f4c1e-6d2a-4f3b-9c8d-2e1f0a7b6c5d',
    name: 'nomina-octubre.pdf',
    size: 2 * MB,
    mimeType: 'application/pdf',
    subidoEn: '2026-11-25T10:00:00.000Z',
  },
};

describe('an upload row’s life', () => {
  it('shows real progress, never 100 % before the server answers', () => {
    const state = run([
      { type: 'started', id: ID, file: nomina },
      { type: 'progressed', id: ID, sent: MB, total: 4 * MB },
    ]);
    expect(state[ID]).toEqual({ phase: 'uploading', file: nomina, percent: 25 });
    expect(sentPercent(4 * MB, 4 * MB)).toBe(99);
    expect(sentPercent(0, 0)).toBe(0);
  });

  it('counts as on its way only while the file is being sent', () => {
    const sending = run([{ type: 'started', id: ID, file: nomina }]);
    expect(isSending(sending)).toBe(true);
    expect(isSending(run([{ type: 'succeeded', id: ID }], sending))).toBe(false);
    expect(
      isSending(run([{ type: 'failed', id: ID, kind: 'offline', reason: null }], sending)),
    ).toBe(false);
    expect(isSending({})).toBe(false);
  });

  it('fills the bar on success and then clears the row', () => {
    const done = run([
      { type: 'started', id: ID, file: nomina },
      { type: 'succeeded', id: ID },
    ]);
    expect(rowView(stored, done[ID]).progress).toBe(100);
    expect(run([{ type: 'cleared', id: ID }], done)).toEqual({});
  });

  it('keeps the chosen file after a failure, so it can be sent again', () => {
    const failed = run([
      { type: 'started', id: ID, file: nomina },
      { type: 'failed', id: ID, kind: 'offline', reason: 'sin conexión' },
    ]);
    expect(failed[ID]).toEqual({
      phase: 'failed',
      file: nomina,
      kind: 'offline',
      reason: 'sin conexión',
    });
    expect(offlineFailures(failed)).toEqual([ID]);
    expect(runningUpload(failed)).toBeNull();
  });

  it('ignores late events of an upload that is no longer running', () => {
    const cleared = run([{ type: 'progressed', id: ID, sent: 1, total: 2 }]);
    expect(cleared).toEqual({});
    const failedThenLate = run([
      { type: 'started', id: ID, file: nomina },
      { type: 'failed', id: ID, kind: 'server', reason: null },
      { type: 'succeeded', id: ID },
      { type: 'cleared', id: ID },
    ]);
    expect(failedThenLate[ID]?.phase).toBe('failed');
  });

  it('refuses a file above 50 MB before sending anything, with the spec’s message', () => {
    const big = { name: 'escritura.pdf', size: 50 * MB + 1 };
    expect(isTooLarge(big)).toBe(true);
    expect(isTooLarge({ name: 'justo.pdf', size: 50 * MB })).toBe(false);
    const state = run([{ type: 'refusedLocally', id: ID, file: big }]);
    expect(rowView(blank, state[ID])).toMatchObject({
      error: 'El archivo escritura.pdf excede el límite de 50MB',
      retry: false,
      progress: null,
    });
  });
});

describe('what a failure means', () => {
  it('reads the server’s Spanish reason for a refused file', () => {
    const heic = classifyUploadFailure(
      422,
      JSON.stringify({ message: 'Las fotos HEIC no se admiten: guárdala como JPG o PNG.' }),
      'foto.heic',
    );
    expect(heic).toEqual({
      kind: 'refused',
      reason: 'Las fotos HEIC no se admiten: guárdala como JPG o PNG.',
    });
    expect(failureMessage({ file: { name: 'foto.heic', size: 1 }, ...heic })).toBe(
      'Error al subir foto.heic: Las fotos HEIC no se admiten: guárdala como JPG o PNG.',
    );
  });

  it('names the size limit when the server refuses a file for its size without saying why', () => {
    expect(classifyUploadFailure(413, '', 'grande.pdf')).toEqual({
      kind: 'refused',
      reason: 'El archivo grande.pdf excede el límite de 50MB',
    });
  });

  it('gives a full case’s answer as the server words it, with no retry for the same file', () => {
    const full = classifyUploadFailure(
      413,
      JSON.stringify({ message: quotaReachedMessage() }),
      'nomina.pdf',
    );
    expect(full).toEqual({ kind: 'refused', reason: quotaReachedMessage() });
    expect(canRetry(full.kind)).toBe(false);
    expect(quotaReachedMessage()).toContain('(1 GB y 300 archivos)');
  });

  it('tells a lost connection, an ended session and a server failure apart', () => {
    expect(classifyUploadFailure(null, null, 'a.pdf').kind).toBe('offline');
    expect(classifyUploadFailure(0, null, 'a.pdf').kind).toBe('offline');
    expect(classifyUploadFailure(401, null, 'a.pdf').kind).toBe('session');
    expect(classifyUploadFailure(500, '<html>', 'a.pdf')).toEqual({ kind: 'server', reason: null });
    expect(classifyUploadFailure(400, '{"message":"  "}', 'a.pdf')).toEqual({
      kind: 'refused',
      reason: null,
    });
  });

  it('says only “Error al subir” when there is no reason', () => {
    expect(failureMessage({ file: nomina, kind: 'server', reason: null })).toBe(
      'Error al subir nomina.pdf',
    );
  });

  it('retries connection losses, conflicts and server failures, not the server’s verdicts', () => {
    expect([0, 409, 423, 429, 500, 503].every((status) => shouldRetryStatus(status))).toBe(true);
    expect([400, 401, 403, 404, 413, 422].some((status) => shouldRetryStatus(status))).toBe(false);
  });

  it('shows at once, without retrying, that a file already sent takes no more documents', () => {
    const locked = JSON.stringify({ message: REVIEW_SERVER_MESSAGES.locked });
    expect(shouldRetryStatus(409, locked)).toBe(false);
    expect(shouldRetryStatus(409, JSON.stringify({ message: 'Otro conflicto' }))).toBe(true);
    expect(classifyUploadFailure(409, locked, 'nomina.pdf')).toEqual({
      kind: 'refused',
      reason: REVIEW_SERVER_MESSAGES.locked,
    });
  });
});

describe('a row as shown', () => {
  it('shows the stored file and its review', () => {
    expect(rowView(stored, undefined)).toEqual({
      status: 'en-revision',
      fileName: 'nomina-octubre.pdf',
      fileSize: 2 * MB,
      progress: null,
      error: null,
      note: null,
      retry: false,
      uploading: false,
    });
  });

  it('names each state once: nothing uploaded, awaiting review, approved, rejected, obtained', () => {
    const none = { ...stored, archivo: null };
    expect(
      [
        none,
        stored,
        { ...stored, estado: 'aprobado' as const },
        { ...stored, estado: 'rechazado' as const },
        { ...none, obtenidoCon: 'Declaración de la Renta 2025' },
      ].map((entry) => rowView(entry, undefined).status),
    ).toEqual(['falta', 'en-revision', 'aprobado', 'rechazado', 'obtenido']);
  });

  it('explains a rejection and invites a new file', () => {
    const rejected = {
      ...stored,
      estado: 'rechazado' as const,
      motivoRechazo: 'Falta la segunda página',
    };
    expect(rowView(rejected, undefined).note).toBe(
      'Motivo del rechazo: Falta la segunda página. Sube un archivo nuevo con «Cambiar».',
    );
    expect(rowView({ ...rejected, motivoRechazo: null }, undefined).note).toBe(
      'Hemos revisado este documento y no nos sirve. Sube un archivo nuevo con «Cambiar».',
    );
  });

  it('shows the file on its way while it uploads', () => {
    const state = run([{ type: 'started', id: ID, file: nomina }]);
    expect(rowView(stored, state[ID])).toMatchObject({
      fileName: 'nomina.pdf',
      fileSize: 4 * MB,
      progress: 0,
      uploading: true,
    });
  });

  it('after a failure keeps the stored file and offers to try again', () => {
    const state = run([
      { type: 'started', id: ID, file: nomina },
      { type: 'failed', id: ID, kind: 'server', reason: 'No se pudo guardar.' },
    ]);
    expect(rowView(stored, state[ID])).toMatchObject({
      fileName: 'nomina-octubre.pdf',
      error: 'Error al subir nomina.pdf: No se pudo guardar.',
      retry: true,
    });
  });
});

describe('the server’s answer to the last byte', () => {
  it('is the checklist entry with the new file', () => {
    expect(parseUploadResult(JSON.stringify({ data: { documento: stored } }))).toEqual(stored);
  });

  it('is null when it cannot be read (an upload resumed after it had finished)', () => {
    expect(parseUploadResult('')).toBeNull();
    expect(parseUploadResult(null)).toBeNull();
    expect(parseUploadResult('{"data":{}}')).toBeNull();
    expect(parseUploadResult('<html>')).toBeNull();
  });
});

describe('resuming', () => {
  it('resumes the same file for the same entry and person only', () => {
    const parts = {
      owner: 'lead-1',
      documentId: ID,
      name: 'nomina.pdf',
      type: 'application/pdf',
      size: 4 * MB,
      lastModified: 1_700_000_000_000,
      endpoint: 'https://cbp.example/api/uploads',
    };
    const same = uploadFingerprint(parts);
    expect(uploadFingerprint({ ...parts })).toBe(same);
    expect(uploadFingerprint({ ...parts, documentId: '2/nominas' })).not.toBe(same);
    expect(uploadFingerprint({ ...parts, owner: 'lead-2' })).not.toBe(same);
    expect(uploadFingerprint({ ...parts, lastModified: 1 })).not.toBe(same);
  });
});
