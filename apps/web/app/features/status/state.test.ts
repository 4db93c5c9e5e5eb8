import type { CaseHistoryItem, RequiredDocument } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import {
  bankAnswerView,
  historyEntries,
  nextStepOf,
  phaseView,
  requiredDocumentView,
} from './state';

const document: RequiredDocument = {
  id: '6f1c2b3a-4d5e-4f60-8a71-92b3c4d5e6f7',
  nombre: 'Nóminas',
  descripcion: 'Las tres últimas nóminas del titular 1',
  estado: 'pendiente',
  fechaLimite: '2026-12-11',
  fechaEntrega: null,
  prioridad: 'normal',
};

describe('the phase of the case', () => {
  it('shows the last update as the day in Spain and marks a priority case', () => {
    expect(
      phaseView({
        fase: 'Revisión de documentación',
        progreso: 40,
        ultimaActualizacion: '2026-11-26T23:15:00.000Z',
        siguientePaso: 'Envío al banco',
        estimacionTiempo: '5-7 días hábiles',
        prioridad: 'alta',
      }),
    ).toEqual({
      fase: 'Revisión de documentación',
      progreso: 40,
      actualizado: '27/11/2026',
      siguientePaso: 'Envío al banco',
      estimacion: '5-7 días hábiles',
      prioritario: true,
    });
  });
});

describe('the required documents (spec 02, 4.3)', () => {
  it('shows a pending document in red with its deadline and a way to upload it', () => {
    expect(requiredDocumentView(document)).toMatchObject({
      estado: 'pendiente',
      tone: 'danger',
      detail: 'Fecha límite: 11/12/2026',
      upload: true,
      prioritario: false,
    });
  });

  it('shows a pending document with no deadline without a date, still to upload', () => {
    expect(requiredDocumentView({ ...document, fechaLimite: undefined })).toMatchObject({
      detail: null,
      upload: true,
    });
  });

  it('keeps a document in review yellow, with nothing to upload', () => {
    expect(requiredDocumentView({ ...document, estado: 'en-revision' })).toMatchObject({
      tone: undefined,
      detail: null,
      upload: false,
    });
  });

  it('shows a delivered document green with its delivery date', () => {
    expect(
      requiredDocumentView({
        ...document,
        estado: 'completado',
        fechaEntrega: '2026-11-20T09:00:00.000Z',
      }),
    ).toMatchObject({ tone: undefined, detail: 'Entregado el 20/11/2026', upload: false });
  });

  it('leads the declaración responsable to where it is signed, and reads it as signed once it is', () => {
    const declaration = { ...document, id: 'hogar_declaracion-responsable' };
    expect(requiredDocumentView(declaration).action).toEqual({
      label: 'Firmar la declaración',
      href: '/app/enviar-expediente#declaracion-responsable',
    });
    expect(requiredDocumentView(document).action).toEqual({
      label: 'Subir documento',
      href: '/app/obtener-documentos',
    });
    expect(
      requiredDocumentView({
        ...declaration,
        estado: 'completado',
        fechaLimite: undefined,
        fechaEntrega: '2026-11-20T09:00:00.000Z',
      }),
    ).toMatchObject({ detail: 'Firmada el 20/11/2026', action: null });
  });

  it('says “Prioritario” only for a high-priority document', () => {
    expect(requiredDocumentView({ ...document, prioridad: 'alta' }).prioritario).toBe(true);
  });
});

describe('the history', () => {
  it('says who did each thing, keeping the order and the state the server gives', () => {
    const historial: CaseHistoryItem[] = [
      {
        fecha: '2026-11-27T10:00:00.000Z',
        accion: 'Envío al banco',
        descripcion: 'Presentamos tu solicitud a tu banco.',
        estado: 'en-progreso',
        origen: 'despacho',
      },
      {
        fecha: '2026-11-26T10:00:00.000Z',
        accion: 'Expediente enviado',
        descripcion: 'Enviaste tu expediente.',
        estado: 'completado',
        origen: 'cliente',
      },
    ];
    expect(historyEntries(historial)).toEqual([
      {
        fecha: '2026-11-27T10:00:00.000Z',
        accion: 'El despacho: Envío al banco',
        descripcion: 'Presentamos tu solicitud a tu banco.',
        estado: 'en-progreso',
      },
      {
        fecha: '2026-11-26T10:00:00.000Z',
        accion: 'Tú: Expediente enviado',
        descripcion: 'Enviaste tu expediente.',
        estado: 'completado',
      },
    ]);
  });
});

describe('the bank’s deadline', () => {
  const fuente = 'Real Decreto-ley 6/2012, anexo, apartado 1';
  const envio = { enviadoEl: '2027-01-28T12:00:00.000Z', plazoBanco: { plazoMeses: 1, fuente } };

  it('is not shown before the file is sent', () => {
    expect(bankAnswerView(null, null)).toBeNull();
  });

  it('gives no date before the firm presents the application: the term, that the date will be told, and its source', () => {
    expect(bankAnswerView(envio, null)).toEqual({
      headline:
        'Tu banco tendrá un mes para responder desde el día en que le presentemos tu solicitud.',
      lines: [
        'Enviaste tu expediente el 28/01/2027. Cuando presentemos la solicitud a tu banco te diremos ese día y la fecha en que debe responderte.',
      ],
      fuente,
    });
  });

  it('once presented, shows the day by which the bank must answer and the day it was presented', () => {
    expect(
      bankAnswerView(envio, {
        presentadoEl: '2027-01-31',
        fechaLimite: '2027-02-28',
        plazoMeses: 1,
        fuente,
      }),
    ).toEqual({
      headline: 'Tu banco debe responder antes del 28/02/2027.',
      lines: [
        'Presentada a tu banco el 31/01/2027.',
        'El banco tiene un mes para responder desde el día en que le presentamos tu solicitud.',
      ],
      fuente,
    });
  });

  it('writes a longer term in months', () => {
    const longer = { ...envio, plazoBanco: { plazoMeses: 2, fuente: 'x' } };
    expect(bankAnswerView(longer, null)?.headline).toContain('tendrá 2 meses para responder');
    expect(
      bankAnswerView(longer, {
        presentadoEl: '2026-11-26',
        fechaLimite: '2027-01-26',
        plazoMeses: 2,
        fuente: 'x',
      })?.lines[1],
    ).toContain('El banco tiene 2 meses para responder');
  });
});

describe('the next step, one for the status and the send screens', () => {
  const estado = {
    fase: 'Envío al banco',
    progreso: 60,
    ultimaActualizacion: '2026-11-20T09:00:00.000Z',
    siguientePaso: 'Respuesta del banco',
    estimacionTiempo: '2-3 días hábiles',
    prioridad: 'normal' as const,
  };
  const envio = {
    enviadoEl: '2026-11-20T09:00:00.000Z',
    plazoBanco: { plazoMeses: 1, fuente: 'RDL 6/2012' },
  };

  it('is presenting the application once the file is sent and until the firm presents it', () => {
    expect(nextStepOf({ estado, envio, respuestaBanco: null })).toBe(
      'Presentar tu solicitud a tu banco',
    );
  });

  it('is the phase’s next step before sending and once presented', () => {
    expect(nextStepOf({ estado, envio: null, respuestaBanco: null })).toBe('Respuesta del banco');
    expect(
      nextStepOf({
        estado,
        envio,
        respuestaBanco: {
          presentadoEl: '2026-11-21',
          fechaLimite: '2026-12-21',
          plazoMeses: 1,
          fuente: 'RDL 6/2012',
        },
      }),
    ).toBe('Respuesta del banco');
  });
});
