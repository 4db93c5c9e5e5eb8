import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES, documentReviewRequestSchema } from './documents';
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
