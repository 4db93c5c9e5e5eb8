import type { SubmissionView } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import { submissionPanelView } from './submission';

const draft: SubmissionView = {
  estado: 'borrador',
  enviadoEl: null,
  banco: null,
  codigo: null,
  medidas: [],
  documentos: [
    {
      id: 'dni-1',
      nombre: 'DNI/NIE',
      persona: 'Titular 1',
      estado: 'aprobado',
      situacion: 'aprobado',
    },
    {
      id: 'nomina-1',
      nombre: 'Nóminas',
      persona: 'Titular 1',
      estado: 'pendiente',
      situacion: 'en-revision',
    },
    {
      id: 'vida-1',
      nombre: 'Vida Laboral',
      persona: 'Titular 1',
      estado: null,
      situacion: 'falta',
    },
  ],
  plan: { nombre: 'Pago Único', pagado: false },
  faltan: [
    {
      tipo: 'revision',
      mensaje: 'Falta finalizar la revisión del expediente',
      enlace: '/app/revisar-expediente',
    },
    { tipo: 'pago', mensaje: 'Falta el pago de tu plan', enlace: '/app/honorarios' },
  ],
  presentadoAlBancoEl: null,
  respuestaBancoAntesDe: null,
  preparacion: null,
  partes: [],
};

describe('the file panel of the back-office', () => {
  it('shows a draft as not sent, with what the client still has to do', () => {
    expect(submissionPanelView(draft)).toEqual({
      enviado: false,
      estado: 'Sin enviar',
      banco: '—',
      codigo: '—',
      medidas: [],
      plan: 'Pago Único (sin pagar)',
      presentadoEl: null,
      respuestaAntesDe: null,
      presentacion: null,
      faltan: ['Falta finalizar la revisión del expediente', 'Falta el pago de tu plan'],
      documentos: 'Aprobados 1 de 3 (1 sin subir)',
      preparacion: null,
      partes: [],
    });
    expect(
      submissionPanelView({
        ...draft,
        preparacion: {
          estado: 'en-preparacion',
          anexosHechos: 2,
          anexosTotal: 9,
          motivo: null,
          aceptadoEl: '2026-11-27T10:00:00.000Z',
        },
      }).preparacion,
    ).toBe('Preparando el archivo para el banco (2 de 9 documentos)');
  });

  const sent: SubmissionView = {
    ...draft,
    estado: 'enviado',
    enviadoEl: '2026-11-26T23:30:00.000Z',
    banco: 'Banco Santander',
    codigo: { id: 'cbp2022', nombre: 'Código de Buenas Prácticas de 2022' },
    medidas: ['Congelación de la cuota durante 12 meses'],
    plan: { nombre: 'Pago Único', pagado: true },
    faltan: [],
    partes: [
      { numero: 1, bytes: 14_000_000, contenido: 'la carta y los anexos 1 a 3' },
      { numero: 2, bytes: 2_000_000, contenido: 'anexo 4' },
    ],
  };

  it('shows a sent file with its date in Spain, bank and code, and no deadline before the presentation', () => {
    expect(submissionPanelView(sent)).toMatchObject({
      enviado: true,
      estado: 'Enviado el 27/11/2026',
      banco: 'Banco Santander',
      codigo: 'Código de Buenas Prácticas de 2022',
      plan: 'Pago Único (pagado)',
      presentadoEl: null,
      respuestaAntesDe: null,
      // The presentation cannot be earlier than the sending day in Spain.
      presentacion: { desde: '2026-11-27', fecha: '' },
      preparacion: null,
      partes: [
        {
          numero: 1,
          label: 'Descargar parte 1 de 2 (PDF, 14,0 MB)',
          contenido: 'la carta y los anexos 1 a 3',
        },
        { numero: 2, label: 'Descargar parte 2 de 2 (PDF, 2,0 MB)', contenido: 'anexo 4' },
      ],
    });
  });

  it('shows the day presented to the bank and the deadline counted from it', () => {
    expect(
      submissionPanelView({
        ...sent,
        presentadoAlBancoEl: '2026-11-30',
        respuestaBancoAntesDe: '2026-12-30',
      }),
    ).toMatchObject({
      presentadoEl: '30/11/2026',
      respuestaAntesDe: '30/12/2026',
      presentacion: { desde: '2026-11-27', fecha: '2026-11-30' },
    });
  });

  it('says when the client has no plan or no documents yet', () => {
    expect(submissionPanelView({ ...draft, plan: null, documentos: [] })).toMatchObject({
      plan: 'Sin plan',
      documentos: 'Ninguno',
    });
  });
});
