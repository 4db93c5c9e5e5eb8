import type { DocumentReview, DocumentsOverview, StoredFile } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import { overviewForTests } from '../documents/test-overview';
import { reviewLockedReason, reviewOutcomeText, reviewSections } from './documents';

function file(id: string, name: string): StoredFile {
  return {
    id,
    name,
    size: 48_213,
    mimeType: 'application/pdf',
    subidoEn: '2026-11-20T09:30:00.000Z',
  };
}

const DNI = file('11111111-1111-4111-8111-111111111111', 'dni.pdf');
const RENTA = file('22222222-2222-4222-8222-222222222222', 'renta.pdf');

/** Two holders and one more member, the first holder's DNI uploaded, one retrieved file. */
function overview(): DocumentsOverview {
  const built = overviewForTests(
    { numeroTitulares: 2, miembrosUnidadFamiliar: 3 },
    {
      persona1Ingresos: 'Nomina',
      persona2Ingresos: 'Pension',
      persona3Ingresos: 'No tiene ingresos',
    },
    { '1/dni-nie': DNI },
  );
  return {
    ...built,
    checklist: {
      ...built.checklist,
      // Out of order on purpose: the page follows the household, not the object's keys.
      holders: Object.fromEntries(
        ['miembro-1', '2', '1'].map((key) => {
          const holder = built.checklist.holders[key];
          if (holder === undefined) throw new Error(`Falta ${key}`);
          return [key, holder];
        }),
      ),
    },
    obtenidos: [
      {
        tipo_documento: 'HACIENDA_RENTA',
        ejercicio: 2025,
        nombre: 'Declaración de la Renta 2025',
        archivo: RENTA,
        estado: 'pendiente',
        motivoRechazo: null,
      },
    ],
  };
}

function review(fileId: StoredFile, changes: Partial<DocumentReview>): DocumentReview {
  return {
    documentoId: null,
    archivo: fileId,
    estado: 'aprobado',
    motivoRechazo: null,
    revisadoEn: '2026-11-21T10:00:00.000Z',
    ...changes,
  };
}

describe('the documents of a case as the firm reviews them', () => {
  it('lists the household, each holder, then the other members, the mortgage and the retrieved files', () => {
    const sections = reviewSections(overview()).slice(1);
    expect(reviewSections(overview())[0]?.title).toBe('Unidad familiar');
    expect(sections.map((section) => section.title)).toEqual([
      'Titular 1',
      'Titular 2',
      'Miembro 1',
      'Documentación Hipoteca',
      'Documentos obtenidos con Cl@ve',
    ]);
    expect(sections[0]?.groups.map((group) => group.title)).toEqual([
      'Documentación Personal',
      'Documentación de Ingresos',
    ]);
    expect(sections[0]?.groups[0]?.entries[0]).toEqual({
      key: '1/dni-nie',
      nombre: 'DNI/NIE',
      nombreCompleto: 'DNI/NIE (Titular 1)',
      archivo: DNI,
      estado: 'pendiente',
      state: 'en-revision',
      motivoRechazo: null,
      aviso: null,
    });
    expect(sections[3]?.groups).toEqual([
      expect.objectContaining({ title: null, entries: expect.any(Array) as unknown }),
    ]);
    expect(sections[3]?.groups[0]?.entries.map((entry) => entry.nombreCompleto)).toEqual([
      'Escritura de compraventa de la vivienda',
      'Escritura de la hipoteca',
    ]);
    expect(sections[4]?.groups[0]?.entries[0]).toMatchObject({
      key: RENTA.id,
      nombreCompleto: 'Declaración de la Renta 2025',
      archivo: RENTA,
    });
  });

  it('shows a file the situation no longer needs as not needed, and the declaración as the product’s', () => {
    const built = overviewForTests(
      { numeroTitulares: 1, miembrosUnidadFamiliar: 1 },
      { persona1Ingresos: 'Pension', persona1Discapacidad: 'no' },
      { '1/vida-laboral': DNI },
    );
    const sections = reviewSections(built);
    const holder = sections.find((section) => section.title === 'Titular 1');
    const entries = holder?.groups.flatMap((group) => group.entries) ?? [];
    expect(entries.find((entry) => entry.key === '1/vida-laboral')).toMatchObject({
      state: 'no-necesario',
      aviso: null,
      archivo: DNI,
    });
    // The firm reads the same words as the client: nothing uploaded is 'Falta'.
    expect(entries.find((entry) => entry.key === '1/dni-nie')).toMatchObject({ state: 'falta' });
    expect(sections[0]?.groups[0]?.entries[0]).toMatchObject({
      key: 'hogar/declaracion-responsable',
      state: 'sin-firmar',
      aviso: 'La genera el producto y la firman los deudores',
    });
  });

  it('leaves the retrieved files out when there are none', () => {
    const sections = reviewSections({ ...overview(), obtenidos: [] });
    expect(sections.at(-1)?.title).toBe('Documentación Hipoteca');
  });

  it('says what happened after a review, and that the client was told of a rejection', () => {
    expect(reviewOutcomeText('DNI/NIE (Titular 1)', review(DNI, {}))).toBe(
      '«DNI/NIE (Titular 1)» aprobado.',
    );
    expect(
      reviewOutcomeText('Nota Simple', review(DNI, { estado: 'rechazado', motivoRechazo: 'x' })),
    ).toBe('«Nota Simple» rechazado. Hemos enviado un correo al cliente con el motivo.');
  });
});

describe('which review a file can still get', () => {
  it('offers both decisions on a file nobody has reviewed', () => {
    expect(reviewLockedReason('pendiente', 'aprobado')).toBeNull();
    expect(reviewLockedReason('pendiente', 'rechazado')).toBeNull();
  });

  it('says why an approved file cannot be approved again, and still lets it be rejected', () => {
    expect(reviewLockedReason('aprobado', 'aprobado')).toBe(
      'Ya está aprobado: para cambiarlo, recházalo con un motivo.',
    );
    expect(reviewLockedReason('aprobado', 'rechazado')).toBeNull();
  });

  it('says why a rejected file cannot be rejected again, and still lets it be approved', () => {
    expect(reviewLockedReason('rechazado', 'rechazado')).toBe(
      'Ya está rechazado: el cliente tiene el motivo. Puedes aprobarlo si lo das por bueno.',
    );
    expect(reviewLockedReason('rechazado', 'aprobado')).toBeNull();
  });
});
