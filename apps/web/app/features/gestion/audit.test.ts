import { describe, expect, it } from 'vitest';

import { auditChange, auditObjectKind } from './audit';

describe('what an audit entry changed, read in its row', () => {
  it('gives a case move as the phases it went between', () => {
    expect(
      auditChange({
        accion: 'case.moved',
        antes: { fase: 'nuevo', estado: 'Nuevo' },
        despues: {
          fase: 'revision-documentacion',
          estado: 'Revisión de documentación',
          nota: 'Hemos recibido tus nóminas.',
        },
      }),
    ).toBe('Fase del caso: Nuevo → Revisión de documentación');
  });

  it('gives the commercial phase with its name', () => {
    expect(
      auditChange({
        accion: 'lead.updated',
        antes: { fase_comercial: 'Nuevo' },
        despues: { fase_comercial: 'Cliente' },
      }),
    ).toBe('Fase comercial: Nuevo → Cliente');
  });

  it('gives a document review with the words every screen uses for its states', () => {
    expect(
      auditChange({
        accion: 'document.approved',
        antes: { estado: 'pendiente', motivo: null },
        despues: { estado: 'aprobado', motivo: null, lead: 'x', documento: '1/dni-nie' },
      }),
    ).toBe('En revisión → Aprobado');
    expect(
      auditChange({
        accion: 'document.rejected',
        antes: { estado: 'pendiente', motivo: null },
        despues: { estado: 'rechazado', motivo: 'Borrosa', lead: 'x', documento: '1/dni-nie' },
      }),
    ).toBe('En revisión → Rechazado. Motivo: Borrosa');
  });

  it('says nothing when there is no before to compare with', () => {
    expect(
      auditChange({ accion: 'payment.confirmed', antes: null, despues: { importe: 999 } }),
    ).toBeNull();
  });
});

describe('what an audit entry is about', () => {
  it('names the kind of object in Spanish', () => {
    expect(auditObjectKind('lead')).toBe('Caso');
    expect(auditObjectKind('document')).toBe('Documento');
    expect(auditObjectKind(null)).toBeNull();
  });
});
