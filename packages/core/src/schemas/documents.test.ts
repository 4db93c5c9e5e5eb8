import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_QUOTA,
  documentReviewRequestSchema,
  quotaReachedMessage,
  uploadMetadataSchema,
} from './documents';
import { TEXT_CHARACTERS_MESSAGE } from './fields';
import { formatZodIssues } from './issues';

function fieldsOf(input: unknown) {
  const result = documentReviewRequestSchema.safeParse(input);
  return result.success ? result.data : formatZodIssues(result.error).fields;
}

describe('the firm’s review of a file', () => {
  it('approves without a reason', () => {
    expect(fieldsOf({ estado: 'aprobado' })).toEqual({ estado: 'aprobado' });
  });

  it('rejects only with a reason, trimmed and composed', () => {
    expect(fieldsOf({ estado: 'rechazado', motivo: '  Falta la cara de atrás\u0301 ' })).toEqual({
      estado: 'rechazado',
      motivo: 'Falta la cara de atrás\u0301'.normalize('NFC'),
    });
    for (const motivo of [undefined, '', ' \n ']) {
      expect(fieldsOf({ estado: 'rechazado', motivo })).toEqual({
        motivo: DOCUMENT_MESSAGES.rejectReasonRequired,
      });
    }
  });

  it('keeps the reason’s line breaks, and nothing else invisible', () => {
    expect(fieldsOf({ estado: 'rechazado', motivo: 'Borrosa.\r\nRepite la foto.' })).toEqual({
      estado: 'rechazado',
      motivo: 'Borrosa.\nRepite la foto.',
    });
    for (const motivo of ['a\u0000b', 'Ana\u202egpj.exe', 'a\u2028b', 'a\tb']) {
      expect(fieldsOf({ estado: 'rechazado', motivo })).toEqual({
        motivo: TEXT_CHARACTERS_MESSAGE,
      });
    }
  });

  it('caps the reason at 500 characters', () => {
    expect(fieldsOf({ estado: 'rechazado', motivo: 'a'.repeat(500) })).toMatchObject({
      estado: 'rechazado',
    });
    expect(fieldsOf({ estado: 'rechazado', motivo: 'a'.repeat(501) })).toEqual({
      motivo: DOCUMENT_MESSAGES.rejectReasonTooLong,
    });
  });

  it('knows only the two decisions and no other field', () => {
    expect(fieldsOf({ estado: 'pendiente' })).toEqual({ estado: 'Elige aprobar o rechazar' });
    expect(fieldsOf({ estado: 'aprobado', revisor: 'yo' })).not.toHaveProperty(
      'estado',
      'aprobado',
    );
  });
});

describe('the file name of an upload', () => {
  it('loses invisible, control and private-use characters instead of refusing the upload', () => {
    const parse = (filename: string) =>
      uploadMetadataSchema.parse({ documentId: '1/dni-nie', filename }).filename;
    expect(parse('nota\u2028simple\uE000\u202Efdp.pdf')).toBe('notasimplefdp.pdf');
    expect(parse('Nómina\u0000 marzo.pdf')).toBe('Nómina marzo.pdf');
    // Composed, so 'é' typed as e + accent is one character.
    expect(parse('ine\u0301s.pdf')).toBe('inés.pdf');
    // Zero-width joiners stay: some scripts and emoji need them.
    expect(parse('👩\u200D👩 familia.pdf')).toBe('👩\u200D👩 familia.pdf');
    expect(parse('\u202E\u2028')).toBe('documento');
  });
});

describe('the storage quota message', () => {
  it('says the limit and what to do', () => {
    expect(quotaReachedMessage()).toBe(
      'Este archivo no cabe: tu expediente ha llegado al límite de documentos guardados (1 GB y 300 archivos). Sustituye un archivo que ya hayas subido y que el despacho no haya revisado (el anterior se borra) o contacta con el despacho.',
    );
    expect(quotaReachedMessage({ maxBytes: 4_000, maxFiles: 3 })).toContain('(1 MB y 3 archivos)');
    expect(DOCUMENT_QUOTA.maxBytes).toBe(1024 * 1024 * 1024);
  });
});
