import { describe, expect, it } from 'vitest';
import { documentPhrase } from './phrases';

describe('documentPhrase', () => {
  it('names a holder’s entry with its article, in lower case, and counts it plural', () => {
    expect(documentPhrase({ id: '1/nominas', nombre: 'Tres últimas nóminas' })).toEqual({
      phrase: 'las tres últimas nóminas del titular 1',
      plural: true,
    });
  });

  it('keeps an acronym as written and names a member of the household', () => {
    expect(documentPhrase({ id: 'miembro-1/dni', nombre: 'DNI/NIE' })).toEqual({
      phrase: 'el DNI/NIE del miembro 1 de la unidad familiar',
      plural: false,
    });
  });

  it('says whose the household’s and the mortgage’s entries are', () => {
    expect(documentPhrase({ id: 'hogar/otro', nombre: 'Libro de familia' }).phrase).toBe(
      'el libro de familia (documentación del hogar)',
    );
    expect(documentPhrase({ id: 'hipoteca/otro', nombre: 'Contrato de préstamo' }).phrase).toBe(
      'el contrato de préstamo (documentación de la hipoteca)',
    );
  });
});
