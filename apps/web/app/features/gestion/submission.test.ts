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
    { id: 'dni-1', nombre: 'DNI/NIE', persona: 'Titular 1', estado: 'aprobado' },
    { id: 'nomina-1', nombre: 'Nóminas', persona: 'Titular 1', estado: 'pendiente' },
    { id: 'vida-1', nombre: 'Vida Laboral', persona: 'Titular 1', estado: null },
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
    });
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
