import { describe, expect, it } from 'vitest';

import {
  checklistProgress,
  declarationCard,
  documentsIn,
  entryElementId,
  entryLocation,
  entryNote,
  findDocument,
  holdersOf,
  missingDocuments,
  withDocument,
} from './checklist';
import { overviewForTests } from './test-overview';

const file = {
  id: '0b9f4c1e-6d2a-4f3b-9c8d-2e1f0a7b6c5d',
  name: 'dni.pdf',
  size: 1000,
  mimeType: 'application/pdf' as const,
  subidoEn: '2026-11-25T10:00:00.000Z',
};

/** One holder without income living with a working spouse. */
const couple = {
  numeroTitulares: '1',
  miembrosUnidadFamiliar: '2',
  persona1Ingresos: 'No tiene ingresos',
  persona1Discapacidad: 'no',
  persona2Ingresos: 'Nomina',
  persona2Relacion: 'conyuge',
  persona2Menor: 'no',
  persona2Discapacidad: 'no',
} as const;
const coupleCounts = { numeroTitulares: 1, miembrosUnidadFamiliar: 2 };

describe('the checklist on screen', () => {
  it('counts what the person provides: not the declaración, not files no longer needed', () => {
    const overview = overviewForTests(coupleCounts, couple, {
      '1/dni-nie': file,
      '1/vida-laboral': file,
    });
    // Household 2 (padrón, libro) + holder 3 + spouse 4 + deeds 2.
    expect(checklistProgress(overview.checklist)).toEqual({
      uploaded: 1,
      expected: 11,
      text: '1 de 11 documentos aportados',
    });
  });

  it('counts what the Cl@ve retrieval filled as provided, in words that cover both', () => {
    const overview = overviewForTests(coupleCounts, couple, {});
    const certificate = findDocument(overview.checklist, '1/certificado-renta-aeat');
    if (certificate === undefined) throw new Error('Sin certificado de la AEAT');
    const filled = withDocument(overview, {
      ...certificate,
      obtenidoCon: 'Declaración de la Renta 2025',
    });
    expect(checklistProgress(filled.checklist)).toMatchObject({
      uploaded: 1,
      text: '1 de 11 documentos aportados',
    });
  });

  it('finds the tabs that show an entry, for a link that lands on it', () => {
    const { checklist } = overviewForTests(coupleCounts, couple, {});
    expect(entryLocation(checklist, 'miembro-1/dni-nie')).toEqual({
      category: 'personal',
      holder: 'miembro-1',
    });
    expect(entryLocation(checklist, 'miembro-1/nominas')).toEqual({
      category: 'laboral',
      holder: 'miembro-1',
    });
    expect(entryLocation(checklist, 'hogar/libro-de-familia')).toEqual({
      category: 'personal',
      holder: null,
    });
    expect(entryLocation(checklist, 'hipoteca/escritura-hipoteca')).toEqual({
      category: 'hipoteca',
      holder: null,
    });
    expect(entryLocation(checklist, 'miembro-9/dni-nie')).toBeNull();
    expect(entryElementId('miembro-1/dni-nie')).toBe('documento-miembro-1-dni-nie');
  });

  it('orders the tabs holders first, then the other members', () => {
    expect(
      holdersOf(overviewForTests({ numeroTitulares: 2, miembrosUnidadFamiliar: 4 }, {})),
    ).toEqual(['1', '2', 'miembro-1', 'miembro-2']);
  });

  it('keeps the tab of a member the household no longer counts, last, for a kept file', () => {
    const overview = overviewForTests(coupleCounts, couple, { 'miembro-3/dni-nie': file });
    expect(holdersOf(overview)).toEqual(['1', 'miembro-1', 'miembro-3']);
    const kept = documentsIn(overview.checklist, 'personal', 'miembro-3');
    expect(kept.map((entry) => [entry.id, entry.necesario])).toEqual([
      ['miembro-3/dni-nie', false],
    ]);
    const [first] = kept;
    if (first === undefined) throw new Error('falta el DNI guardado');
    expect(entryNote(first)).toContain('Guardamos el archivo');
  });

  it('asks payslips of the working spouse only', () => {
    const { checklist } = overviewForTests(coupleCounts, couple);
    expect(documentsIn(checklist, 'laboral', '1').map((entry) => entry.nombre)).toEqual([
      'Certificado de rentas de la AEAT (últimos cuatro ejercicios)',
    ]);
    expect(documentsIn(checklist, 'laboral', 'miembro-1').map((entry) => entry.nombre)).toEqual([
      'Certificado de rentas de la AEAT (últimos cuatro ejercicios)',
      'Tres últimas nóminas',
    ]);
    expect(documentsIn(checklist, 'hipoteca', '1').map((entry) => entry.id)).toEqual([
      'hipoteca/escritura-compraventa',
      'hipoteca/escritura-hipoteca',
    ]);
  });

  it('replaces one entry with the server’s answer and leaves the rest', () => {
    const before = overviewForTests(coupleCounts, couple);
    const found = findDocument(before.checklist, 'miembro-1/nominas');
    if (found === undefined) throw new Error('faltan las nóminas');
    const after = withDocument(before, { ...found, archivo: file });
    expect(findDocument(after.checklist, 'miembro-1/nominas')?.archivo).toEqual(file);
    expect(findDocument(after.checklist, '1/dni-nie')?.archivo).toBeNull();
    expect(checklistProgress(after.checklist).uploaded).toBe(1);
    expect(findDocument(after.checklist, 'hogar/libro-de-familia')?.archivo).toBeNull();
  });

  it('names what is missing as a person reads it, without the product’s own declaration', () => {
    const missing = missingDocuments(overviewForTests(coupleCounts, couple, { '1/dni-nie': file }));
    expect(missing).toContain('Libro de familia (Unidad familiar)');
    expect(missing).toContain('Tres últimas nóminas (Miembro 1)');
    expect(missing).toContain('Escritura de la hipoteca (Hipoteca)');
    expect(missing).not.toContain('DNI/NIE (Titular 1)');
    expect(missing.some((name) => name.startsWith('Declaración responsable'))).toBe(false);
    expect(missing.some((name) => name.startsWith('Tres últimas nóminas (Titular 1)'))).toBe(false);
    expect(missing).toHaveLength(10);
  });
});

describe('the declaración responsable card', () => {
  it('says it is signed in Enviar Expediente, with a link there, and once signed, on which day', () => {
    const toSign = declarationCard({ estado: 'sin-firmar', firmadaEn: null });
    expect(toSign).toEqual({
      text: 'La preparamos con los datos de tu revisión y la firmas en Enviar Expediente, antes de enviar tu expediente.',
      link: 'Ir a Enviar Expediente',
      href: '/app/enviar-expediente#declaracion-responsable',
    });
    expect(declarationCard(null).text).toBe(toSign.text);
    expect(declarationCard({ estado: 'firmada', firmadaEn: '2026-11-20T09:00:00.000Z' }).text).toBe(
      'La firmaste el 20/11/2026 en Enviar Expediente.',
    );
    expect(
      declarationCard({ estado: 'desactualizada', firmadaEn: '2026-11-20T09:00:00.000Z' }).text,
    ).toMatch(/vuelve a firmarla en Enviar Expediente/);
  });
});
