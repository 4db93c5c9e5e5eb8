import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RULES } from '../rules';
import {
  buildDocumentChecklist,
  checklistDocumentName,
  countUploadedDocuments,
  DOCUMENT_CATEGORY_LABELS,
  type DocumentChecklist,
  DOCUMENT_ESTADOS,
  holderKeys,
  holderLabel,
  listChecklistDocuments,
  normalizeDocumentEstado,
  otherMembersCount,
  updateChecklistDocument,
} from '.';

const names = (documents: readonly { nombre: string }[]) =>
  documents.map((document) => document.nombre);

function holder(checklist: DocumentChecklist, key: string) {
  const documents = checklist.holders[key];
  if (documents === undefined) throw new Error(`No hay documentos para ${key}`);
  return documents;
}

describe('buildDocumentChecklist', () => {
  it('gives one holder the personal and work documents and shares the mortgage ones', () => {
    const checklist = buildDocumentChecklist(1, 1);
    expect(Object.keys(checklist.holders)).toEqual(['1']);
    expect(names(holder(checklist, '1').personal)).toEqual([
      'DNI/NIE',
      'Libro de Familia',
      'Certificado de Empadronamiento',
    ]);
    expect(names(holder(checklist, '1').laboral)).toEqual([
      'Nóminas',
      'Vida Laboral',
      'Contrato de Trabajo',
    ]);
    expect(names(checklist.hipoteca)).toEqual([
      'Escritura Hipoteca',
      'Recibos Hipoteca',
      'Nota Simple',
    ]);
    for (const document of listChecklistDocuments(checklist)) {
      expect(document.archivo).toBeNull();
      expect(document.estado).toBe('pendiente');
    }
  });

  it('keys holders 1, 2, ... and the members who are not holders miembro-1, ...', () => {
    // 2 holders in a household of 4: 4 - 2 = 2 other members.
    expect(Object.keys(buildDocumentChecklist(2, 4).holders)).toEqual([
      '1',
      '2',
      'miembro-1',
      'miembro-2',
    ]);
    // The household count includes the holders, so 3 holders in a household of 3 add no member.
    expect(Object.keys(buildDocumentChecklist(3, 3).holders)).toEqual(['1', '2', '3']);
    // A household count below the holders' adds no member either: max(0, 1 - 2) = 0.
    expect(otherMembersCount(2, 1)).toBe(0);
    expect(holderKeys(2, 1)).toEqual(['1', '2']);
  });

  it('treats counts that are not whole positive numbers as whole or zero', () => {
    expect(holderKeys(2.7, 3.2)).toEqual(['1', '2', 'miembro-1']);
    expect(holderKeys(-1, Number.NaN)).toEqual([]);
    expect(Object.keys(buildDocumentChecklist(0, 0).holders)).toEqual([]);
    expect(buildDocumentChecklist(0, 0).hipoteca).toHaveLength(3);
  });

  it('gives every document an id unique in the checklist', () => {
    const ids = listChecklistDocuments(buildDocumentChecklist(3, 6)).map((document) => document.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('1/dni-nie');
    expect(ids).toContain('miembro-3/contrato-de-trabajo');
    expect(ids).toContain('hipoteca/nota-simple');
  });

  it('keeps chosen files and states when the counts grow, adding blank entries', () => {
    let checklist = buildDocumentChecklist(1, 1);
    checklist = updateChecklistDocument(checklist, '1/dni-nie', {
      archivo: { name: 'dni.pdf', size: 120_000 },
    });
    checklist = updateChecklistDocument(checklist, 'hipoteca/nota-simple', { estado: 'aprobado' });

    const grown = buildDocumentChecklist(2, 3, checklist);

    expect(Object.keys(grown.holders)).toEqual(['1', '2', 'miembro-1']);
    expect(holder(grown, '1').personal[0]).toEqual({
      id: '1/dni-nie',
      nombre: 'DNI/NIE',
      archivo: { name: 'dni.pdf', size: 120_000 },
      estado: 'pendiente',
    });
    expect(grown.hipoteca[2]?.estado).toBe('aprobado');
    expect(
      listChecklistDocuments(grown).filter((document) => document.archivo !== null),
    ).toHaveLength(1);
    expect(holder(grown, '2').personal.every((document) => document.archivo === null)).toBe(true);
  });

  it('sends an approved document back to pendiente when its file is removed or replaced', () => {
    let checklist = buildDocumentChecklist(1, 1);
    const upload = { archivo: { name: 'dni.pdf', size: 120_000 } };
    checklist = updateChecklistDocument(checklist, '1/dni-nie', upload);
    checklist = updateChecklistDocument(checklist, '1/dni-nie', { estado: 'aprobado' });

    const removed = updateChecklistDocument(checklist, '1/dni-nie', { archivo: null });
    expect(holder(removed, '1').personal[0]).toMatchObject({ archivo: null, estado: 'pendiente' });

    const replaced = updateChecklistDocument(checklist, '1/dni-nie', {
      archivo: { name: 'dni-nuevo.pdf', size: 90_000 },
    });
    expect(holder(replaced, '1').personal[0]?.estado).toBe('pendiente');
  });

  it('leaves out holders and members beyond smaller counts, keeping the rest', () => {
    let checklist = buildDocumentChecklist(2, 3);
    checklist = updateChecklistDocument(checklist, '2/nominas', {
      archivo: { name: 'nomina.pdf', size: 1 },
    });
    checklist = updateChecklistDocument(checklist, '1/vida-laboral', {
      archivo: { name: 'vida.pdf', size: 2 },
    });

    const shrunk = buildDocumentChecklist(1, 1, checklist);

    expect(Object.keys(shrunk.holders)).toEqual(['1']);
    expect(holder(shrunk, '1').laboral[1]?.archivo).toEqual({ name: 'vida.pdf', size: 2 });
  });

  it('is unchanged when rebuilt with the same counts, whatever was uploaded', () => {
    const estado = fc.constantFrom(...DOCUMENT_ESTADOS);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 8 }),
        fc.array(fc.tuple(fc.nat(), fc.string({ maxLength: 20 }), fc.nat(), estado), {
          maxLength: 10,
        }),
        (titulares, miembros, updates) => {
          let checklist = buildDocumentChecklist(titulares, miembros);
          const ids = listChecklistDocuments(checklist).map((document) => document.id);
          for (const [index, name, size, newEstado] of updates) {
            const id = ids[index % ids.length] ?? '';
            checklist = updateChecklistDocument(checklist, id, {
              archivo: { name, size },
              estado: newEstado,
            });
          }
          expect(buildDocumentChecklist(titulares, miembros, checklist)).toEqual(checklist);
        },
      ),
    );
  });

  it('has six documents per person and three shared ones', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 20 }),
        (titulares, miembros) => {
          const people = Math.max(titulares, miembros);
          expect(listChecklistDocuments(buildDocumentChecklist(titulares, miembros))).toHaveLength(
            6 * people + 3,
          );
        },
      ),
    );
  });
});

describe('holderLabel', () => {
  it('labels members and holders as the tabs show them', () => {
    expect(holderLabel('miembro-2')).toBe('Miembro 2');
    expect(holderLabel('1')).toBe('Titular 1');
    expect(holderLabel('3')).toBe('Titular 3');
  });
});

describe('checklistDocumentName', () => {
  it('names an entry with its holder or member, and the mortgage ones alone', () => {
    expect(checklistDocumentName('2/dni-nie')).toBe('DNI/NIE (Titular 2)');
    expect(checklistDocumentName('miembro-1/nominas')).toBe('Nóminas (Miembro 1)');
    expect(checklistDocumentName('hipoteca/nota-simple')).toBe('Nota Simple');
  });

  it('knows every entry the checklist builds', () => {
    for (const document of listChecklistDocuments(buildDocumentChecklist(2, 4))) {
      expect(checklistDocumentName(document.id)).toContain(document.nombre);
    }
  });

  it('has no name for an id the checklist does not have', () => {
    for (const id of [
      '',
      'dni-nie',
      '1/hipoteca',
      'hipoteca/dni-nie',
      '0/dni-nie',
      'x/nominas',
      '1/',
    ]) {
      expect(checklistDocumentName(id)).toBeUndefined();
    }
  });
});

describe('category labels and states', () => {
  it('uses the spec’s tab names', () => {
    expect(DOCUMENT_CATEGORY_LABELS).toEqual({
      personal: 'Documentación Personal',
      laboral: 'Documentación Laboral',
      hipoteca: 'Documentación Hipoteca',
    });
  });

  it('shows an unknown state as pending', () => {
    expect(normalizeDocumentEstado('aprobado')).toBe('aprobado');
    expect(normalizeDocumentEstado('en-revision')).toBe('pendiente');
    expect(normalizeDocumentEstado(undefined)).toBe('pendiente');
  });
});

describe('updateChecklistDocument', () => {
  it('sets a newly chosen file back to pendiente without touching the original', () => {
    const rejected = updateChecklistDocument(buildDocumentChecklist(1, 1), '1/nominas', {
      estado: 'rechazado',
    });
    const replaced = updateChecklistDocument(rejected, '1/nominas', {
      archivo: { name: 'nueva.pdf', size: 10 },
    });
    expect(holder(rejected, '1').laboral[0]?.estado).toBe('rechazado');
    expect(holder(replaced, '1').laboral[0]).toMatchObject({
      archivo: { name: 'nueva.pdf', size: 10 },
      estado: 'pendiente',
    });
  });

  it('leaves the checklist as it is for an unknown id', () => {
    const checklist = buildDocumentChecklist(1, 2);
    expect(updateChecklistDocument(checklist, '9/dni-nie', { estado: 'aprobado' })).toEqual(
      checklist,
    );
  });
});

describe('countUploadedDocuments', () => {
  it('expects the spec’s 9 documents for one holder and no other member', () => {
    expect(countUploadedDocuments(buildDocumentChecklist(1, 1))).toEqual({
      uploaded: 0,
      expected: RULES.documents.expectedCount,
      percent: 0,
    });
  });

  it('counts documents with a file, rounding the percentage down', () => {
    let checklist = buildDocumentChecklist(1, 1);
    const ids = listChecklistDocuments(checklist).map((document) => document.id);
    for (const id of ids.slice(0, 8))
      checklist = updateChecklistDocument(checklist, id, {
        archivo: { name: `${id}.pdf`, size: 1 },
      });
    // 8 of 9 = 88.9 %, shown as 88 so that 100 only appears when everything is there.
    expect(countUploadedDocuments(checklist)).toEqual({ uploaded: 8, expected: 9, percent: 88 });
    const last = ids[8] ?? '';
    checklist = updateChecklistDocument(checklist, last, {
      archivo: { name: 'ultimo.pdf', size: 1 },
    });
    expect(countUploadedDocuments(checklist).percent).toBe(100);
  });

  it('expects the documents of every person in a larger household', () => {
    // 2 holders + 1 other member: 3 × 6 personal and work documents + 3 mortgage ones = 21.
    expect(countUploadedDocuments(buildDocumentChecklist(2, 3)).expected).toBe(21);
  });
});
