import { buildDocumentChecklist, type CaseChecklist, type DocumentsOverview } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import {
  checklistProgress,
  documentsIn,
  findDocument,
  holdersOf,
  missingDocuments,
  withDocument,
} from './checklist';

const file = {
  id: '0b9f4c1e-6d2a-4f3b-9c8d-2e1f0a7b6c5d',
  name: 'dni.pdf',
  size: 1000,
  mimeType: 'application/pdf' as const,
  subidoEn: '2026-11-25T10:00:00.000Z',
};

/** The server's overview for a household, with files on the given entries. */
function overview(
  titulares: number,
  miembros: number,
  withFiles: string[] = [],
): DocumentsOverview {
  const blank = buildDocumentChecklist(titulares, miembros);
  const entry = (document: { id: string; nombre: string }) => ({
    id: document.id,
    nombre: document.nombre,
    archivo: withFiles.includes(document.id) ? file : null,
    estado: 'pendiente' as const,
    motivoRechazo: null,
  });
  const checklist: CaseChecklist = {
    holders: Object.fromEntries(
      Object.entries(blank.holders).map(([key, holder]) => [
        key,
        { personal: holder.personal.map(entry), laboral: holder.laboral.map(entry) },
      ]),
    ),
    hipoteca: blank.hipoteca.map(entry),
  };
  return {
    numeroTitulares: titulares,
    miembrosUnidadFamiliar: miembros,
    checklist,
    obtenidos: [],
    entregadoEn: null,
    enviadoEn: null,
  };
}

describe('the checklist on screen', () => {
  it('counts against what one holder needs: the spec’s 9', () => {
    expect(
      checklistProgress(overview(1, 1, ['1/dni-nie', 'hipoteca/nota-simple']).checklist),
    ).toEqual({
      uploaded: 2,
      expected: 9,
      text: '2 de 9 documentos subidos',
    });
  });

  it('counts against what the household really needs', () => {
    expect(checklistProgress(overview(2, 3).checklist).text).toBe('0 de 21 documentos subidos');
  });

  it('orders the tabs holders first, then the other members', () => {
    expect(holdersOf(overview(2, 4))).toEqual(['1', '2', 'miembro-1', 'miembro-2']);
  });

  it('keeps a holder the counts do not explain, last', () => {
    const odd = overview(1, 1);
    const holder = odd.checklist.holders['1'];
    if (holder === undefined) throw new Error('falta el titular 1');
    const withExtra = {
      ...odd,
      checklist: { ...odd.checklist, holders: { ...odd.checklist.holders, '3': holder } },
    };
    expect(holdersOf(withExtra)).toEqual(['1', '3']);
  });

  it('shares the mortgage documents between holders', () => {
    const { checklist } = overview(2, 2);
    expect(documentsIn(checklist, 'hipoteca', '2').map((entry) => entry.id)).toEqual([
      'hipoteca/escritura-hipoteca',
      'hipoteca/recibos-hipoteca',
      'hipoteca/nota-simple',
    ]);
    expect(documentsIn(checklist, 'laboral', '2').map((entry) => entry.nombre)).toEqual([
      'Nóminas',
      'Vida Laboral',
      'Contrato de Trabajo',
    ]);
    expect(documentsIn(checklist, 'personal', 'miembro-9')).toEqual([]);
  });

  it('replaces one entry with the server’s answer and leaves the rest', () => {
    const before = overview(2, 2);
    const uploaded = { ...findDocumentOrThrow(before, '2/nominas'), archivo: file };
    const after = withDocument(before, uploaded);
    expect(findDocument(after.checklist, '2/nominas')?.archivo).toEqual(file);
    expect(findDocument(after.checklist, '1/nominas')?.archivo).toBeNull();
    expect(checklistProgress(after.checklist).uploaded).toBe(1);
    expect(checklistProgress(before.checklist).uploaded).toBe(0);
  });

  it('names what is missing as a person reads it', () => {
    const missing = missingDocuments(overview(1, 2, ['1/dni-nie']));
    expect(missing).toContain('Libro de Familia (Titular 1)');
    expect(missing).toContain('Nóminas (Miembro 1)');
    expect(missing).toContain('Nota Simple (Hipoteca)');
    expect(missing).not.toContain('DNI/NIE (Titular 1)');
    expect(missing).toHaveLength(14);
  });
});

function findDocumentOrThrow(source: DocumentsOverview, id: string) {
  const found = findDocument(source.checklist, id);
  if (found === undefined) throw new Error(`falta ${id}`);
  return found;
}
