import { describe, expect, it } from 'vitest';

import { submissionMissingSchema } from '../schemas/submission';
import {
  checklistEntryState,
  DOCUMENT_STATE_LABELS,
  DOCUMENT_STATES,
  documentLink,
  documentLinkTarget,
  requiredDocumentId,
  requiredDocumentLink,
  requiredDocumentState,
} from '.';

const asked = { necesario: true, origen: 'subida', obtenidoCon: null } as const;
const file = { name: 'dni.pdf', size: 1 };

describe('the state of a document, one word on every screen', () => {
  it('tells nothing uploaded, awaiting review, approved and rejected apart', () => {
    const states = [
      checklistEntryState({ ...asked, archivo: null, estado: 'pendiente' }),
      checklistEntryState({ ...asked, archivo: file, estado: 'pendiente' }),
      checklistEntryState({ ...asked, archivo: file, estado: 'aprobado' }),
      checklistEntryState({ ...asked, archivo: file, estado: 'rechazado' }),
    ];
    expect(states.map((state) => DOCUMENT_STATE_LABELS[state])).toEqual([
      'Falta',
      'En revisión',
      'Aprobado',
      'Rechazado',
    ]);
  });

  it('names what Cl@ve filled, the declaration and what is no longer needed', () => {
    expect(
      checklistEntryState({ ...asked, archivo: null, estado: 'pendiente', obtenidoCon: 'Renta' }),
    ).toBe('obtenido');
    const declaration = { necesario: true, origen: 'producto', estado: 'pendiente' } as const;
    expect(checklistEntryState({ ...declaration, archivo: file })).toBe('firmada');
    expect(checklistEntryState({ ...declaration, archivo: null })).toBe('sin-firmar');
    expect(
      checklistEntryState({ ...asked, necesario: false, archivo: file, estado: 'aprobado' }),
    ).toBe('no-necesario');
  });

  it('reads the case status’s states in the same words, a rejection included', () => {
    expect(
      (['pendiente', 'en-revision', 'completado', 'rechazado'] as const).map(
        (estado) => DOCUMENT_STATE_LABELS[requiredDocumentState(estado)],
      ),
    ).toEqual(['Falta', 'En revisión', 'Aprobado', 'Rechazado']);
  });

  it('gives every state its own word, never “Pendiente”', () => {
    const words = DOCUMENT_STATES.map((state) => DOCUMENT_STATE_LABELS[state]);
    expect(new Set(words).size).toBe(words.length);
    expect(words).not.toContain('Pendiente');
  });
});

describe('links to one document of the checklist', () => {
  it('carries the entry to the documents screen, and reads it back', () => {
    const link = documentLink('miembro-1/dni-nie');
    expect(link).toBe('/app/obtener-documentos?documento=miembro-1%2Fdni-nie');
    expect(documentLinkTarget(new URL(link, 'https://x.es').search)).toBe('miembro-1/dni-nie');
    expect(documentLinkTarget('')).toBeNull();
    // The send screen's contract accepts it as a link of the private area.
    expect(
      submissionMissingSchema.safeParse({ tipo: 'documentos', mensaje: 'Falta.', enlace: link })
        .success,
    ).toBe(true);
  });

  it('turns the case status’s ids back into the entry', () => {
    expect(requiredDocumentLink('1_certificado-renta-aeat')).toBe(
      documentLink('1/certificado-renta-aeat'),
    );
    expect(requiredDocumentLink('hogar_libro-de-familia')).toBe(
      documentLink('hogar/libro-de-familia'),
    );
    expect(requiredDocumentLink('obtenido-0b7c')).toBe('/app/obtener-documentos');
    for (const id of ['1/dni-nie', 'miembro-2/nominas', 'hogar/declaracion-responsable']) {
      expect(requiredDocumentId(id)).not.toContain('/');
      expect(requiredDocumentLink(requiredDocumentId(id))).toBe(documentLink(id));
    }
  });
});
