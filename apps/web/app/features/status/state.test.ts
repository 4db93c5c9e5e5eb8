import type { CaseHistoryItem, RequiredDocument } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import {
  bankAnswerView,
  historyEntries,
  historySummary,
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
      fuenteEstimacion: null,
      prioritario: true,
    });
  });
});

describe('the required documents (spec 02, 4.3)', () => {
  it('shows a missing document in red with its deadline and a way to upload it', () => {
    expect(requiredDocumentView(document)).toMatchObject({
      state: 'falta',
      tone: 'danger',
      detail: 'Fecha límite: 11/12/2026',
      upload: { href: '/app/obtener-documentos', label: 'Subir documento' },
    });
  });

  it('shows a missing document with no deadline without a date, still to upload', () => {
    expect(requiredDocumentView({ ...document, fechaLimite: undefined })).toMatchObject({
      detail: null,
      upload: { href: '/app/obtener-documentos', label: 'Subir documento' },
    });
  });

  it('keeps a document in review yellow, with nothing to upload', () => {
    expect(requiredDocumentView({ ...document, estado: 'en-revision' })).toMatchObject({
      state: 'en-revision',
      tone: undefined,
      detail: null,
      upload: null,
    });
  });

  it('shows an approved document green with its delivery date', () => {
    expect(
      requiredDocumentView({
        ...document,
        estado: 'completado',
        fechaEntrega: '2026-11-20T09:00:00.000Z',
      }),
    ).toMatchObject({
      state: 'aprobado',
      tone: undefined,
      detail: 'Entregado el 20/11/2026',
      upload: null,
    });
  });

  it('names a rejected document “Rechazado”, not “Pendiente”, and leads to that very entry', () => {
    expect(
      requiredDocumentView({
        ...document,
        id: 'miembro-1_dni-nie',
        estado: 'rechazado',
        prioridad: 'alta',
      }),
    ).toMatchObject({
      state: 'rechazado',
      detail: 'Fecha límite: 11/12/2026',
      upload: {
        href: '/app/obtener-documentos?documento=miembro-1%2Fdni-nie',
        label: 'Subir documento',
      },
    });
  });

  it('names the declaración as signed or not, and leads to where it is signed', () => {
    const declaration = { ...document, id: 'hogar_declaracion-responsable' };
    expect(requiredDocumentView(declaration)).toMatchObject({
      state: 'sin-firmar',
      upload: {
        href: '/app/enviar-expediente#declaracion-responsable',
        label: 'Firmar la declaración',
      },
    });
    expect(requiredDocumentView({ ...declaration, estado: 'en-revision' })).toMatchObject({
      state: 'firmada',
      upload: null,
    });
    expect(
      requiredDocumentView({
        ...declaration,
        estado: 'completado',
        fechaLimite: undefined,
        fechaEntrega: '2026-11-20T09:00:00.000Z',
      }),
    ).toMatchObject({ state: 'firmada', detail: 'Firmada el 20/11/2026', upload: null });
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

describe('the history in short', () => {
  const item = (
    fecha: string,
    accion: string,
    descripcion: string,
    origen: CaseHistoryItem['origen'] = 'cliente',
    estado = 'completado',
  ): CaseHistoryItem => ({ fecha, accion, descripcion, estado, origen });
  const calculated = (fecha: string, euros: string) =>
    item(fecha, 'Cuota calculada', `La nueva cuota sería de ${euros} al mes.`);

  it('makes a day’s uploads and repeated calculations one entry each, newest first, with the count and the last figure', () => {
    const historial = [
      item(
        '2026-11-27T10:00:00.000Z',
        'Tu caso está en «Nuevo»',
        'Siguiente paso…',
        'despacho',
        'en-progreso',
      ),
      item('2026-11-27T09:30:00.000Z', 'Documento subido', 'nomina-octubre.pdf'),
      item('2026-11-27T09:20:00.000Z', 'Documento subido', 'nomina-septiembre.pdf'),
      item('2026-11-27T09:10:00.000Z', 'Documento subido', 'dni.pdf'),
      calculated('2026-11-27T09:00:00.000Z', '271 €'),
      calculated('2026-11-27T08:50:00.000Z', '271 €'),
      calculated('2026-11-27T08:40:00.000Z', '305 €'),
      item('2026-11-26T12:00:00.000Z', 'Documento subido', 'escritura.pdf'),
      item('2026-11-26T11:00:00.000Z', 'Solicitud recibida', 'Completaste el simulador.'),
    ];
    expect(historySummary(historial)).toEqual([
      {
        fecha: '2026-11-27T10:00:00.000Z',
        accion: 'El despacho: Tu caso está en «Nuevo»',
        descripcion: 'Siguiente paso…',
        estado: 'en-progreso',
      },
      {
        fecha: '2026-11-27T09:30:00.000Z',
        accion: 'Tú: Documento subido (3)',
        descripcion: 'Lo más reciente: nomina-octubre.pdf',
        estado: 'completado',
      },
      {
        fecha: '2026-11-27T09:00:00.000Z',
        accion: 'Tú: Cuota calculada (3)',
        descripcion: 'Lo más reciente: La nueva cuota sería de 271 € al mes.',
        estado: 'completado',
      },
      // Another day (in Spain) is another entry.
      {
        fecha: '2026-11-26T12:00:00.000Z',
        accion: 'Tú: Documento subido',
        descripcion: 'escritura.pdf',
        estado: 'completado',
      },
      {
        fecha: '2026-11-26T11:00:00.000Z',
        accion: 'Tú: Solicitud recibida',
        descripcion: 'Completaste el simulador.',
        estado: 'completado',
      },
    ]);
  });

  it('says a calculation repeated with the same figure once, with how many times', () => {
    const summary = historySummary([
      calculated('2026-11-27T09:00:00.000Z', '271 €'),
      calculated('2026-11-27T08:00:00.000Z', '271 €'),
    ]);
    expect(summary).toEqual([
      {
        fecha: '2026-11-27T09:00:00.000Z',
        accion: 'Tú: Cuota calculada (2)',
        descripcion: 'La nueva cuota sería de 271 € al mes.',
        estado: 'completado',
      },
    ]);
  });

  it('groups only what follows one another, never the firm’s with the client’s nor across midnight in Spain', () => {
    const summary = historySummary([
      item('2026-11-27T09:00:00.000Z', 'Documento subido', 'b.pdf'),
      item('2026-11-27T08:00:00.000Z', 'Documento aprobado', 'a.pdf', 'despacho'),
      item('2026-11-27T07:00:00.000Z', 'Documento subido', 'a.pdf'),
      // 23:30 on the 26th in Madrid, then 00:30 on the 27th: two days.
      item('2026-11-26T23:30:00.000Z', 'Documento subido', 'c.pdf'),
      item('2026-11-26T22:30:00.000Z', 'Documento subido', 'd.pdf'),
    ]);
    expect(summary.map((entry) => entry.accion)).toEqual([
      'Tú: Documento subido',
      'El despacho: Documento aprobado',
      'Tú: Documento subido (2)',
      'Tú: Documento subido',
    ]);
  });

  it('shows at most the newest groups it is asked for; the full history keeps every entry', () => {
    const historial = Array.from({ length: 12 }, (_, index) =>
      item(
        `2026-11-${String(27 - index).padStart(2, '0')}T10:00:00.000Z`,
        'Documento subido',
        `${String(index)}.pdf`,
      ),
    );
    expect(historySummary(historial)).toHaveLength(8);
    expect(historySummary(historial)[0]?.descripcion).toBe('0.pdf');
    expect(historyEntries(historial)).toHaveLength(12);
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
