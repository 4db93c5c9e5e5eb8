import type { StaffLeadDetail } from '@cbp/core';

import { PAYMENT_STATE_LABELS, paymentsView } from './payments';
import { leadVerdict, SIMULATOR_RESULT_HEADER } from './verdict';

/** The lead page's sections, in order: the in-page menu links to each by this id. */
export const LEAD_SECTIONS = [
  { id: 'contacto', title: 'Contacto' },
  { id: 'simulador', title: SIMULATOR_RESULT_HEADER },
  { id: 'consentimiento', title: 'Consentimiento' },
  { id: 'fase-comercial', title: 'Fase comercial' },
  { id: 'mover-caso', title: 'Mover caso' },
  { id: 'documentos', title: 'Documentos' },
  { id: 'pagos', title: 'Pagos' },
  { id: 'expediente', title: 'Expediente' },
  { id: 'historial', title: 'Historial del caso' },
  { id: 'notas', title: 'Notas' },
  { id: 'otros-contactos', title: 'Otros contactos de esta persona' },
  { id: 'calculos', title: 'Cálculos del cliente' },
  { id: 'correos', title: 'Correos enviados al cliente' },
] as const;
export type LeadSectionId = (typeof LEAD_SECTIONS)[number]['id'];

/** The heading's id in the page: prefixed, so it never takes a form field's id. */
export function leadSectionAnchor(id: LeadSectionId): string {
  return `seccion-${id}`;
}

export function leadSectionTitle(id: LeadSectionId): string {
  return LEAD_SECTIONS.find((section) => section.id === id)?.title ?? id;
}

type LeadGlance = Pick<StaffLeadDetail, 'lead' | 'pago' | 'calculos'>;

/** What the firm has to do next with this lead, from its payment and the lead's verdict. */
export function nextAction(detail: LeadGlance): string {
  const pago = detail.pago;
  switch (pago?.estado ?? 'sin-contrato') {
    case 'pendiente':
      return pago?.contrato?.metodo === 'transferencia'
        ? 'Confirmar la transferencia cuando llegue al banco.'
        : 'Esperar el pago con tarjeta: lo confirma el proveedor de pagos.';
    case 'confirmado':
      return 'Revisar los documentos y avanzar el caso de fase.';
    case 'desistido':
      return pago !== undefined && paymentsView(pago).canRefund
        ? 'Reembolsar lo pagado: el cliente ha desistido.'
        : 'Nada pendiente: el cliente ha desistido.';
    case 'reembolsado':
      return 'Nada pendiente: todo lo pagado está reembolsado.';
    case 'sin-contrato': {
      const verdict = leadVerdict(detail);
      if (verdict.resultado === 'no-cumple') {
        return verdict.fuente === 'calculo'
          ? 'Ninguna con este caso: no cumple los requisitos según su último cálculo.'
          : 'Ninguna con este caso: no cumple los requisitos según el simulador.';
      }
      if (verdict.resultado === 'sin-datos') {
        return 'Contactar al cliente: no hay respuestas del simulador.';
      }
      return 'Contactar al cliente para que elija plan y firme el contrato.';
    }
  }
}

/** The lead at a glance, at the top of its page: who, where in both funnels, paid or not, what next. */
export function leadSummaryRows(detail: LeadGlance): { key: string; value: string }[] {
  const { lead, pago } = detail;
  const verdict = leadVerdict(detail);
  return [
    { key: 'Cliente', value: `${lead.nombre} ${lead.apellidos}`.trim() },
    { key: 'Fase comercial', value: lead.fase_comercial },
    { key: 'Fase del caso', value: lead.estado },
    { key: verdict.key, value: verdict.value },
    {
      key: 'Pago',
      value: `${PAYMENT_STATE_LABELS[pago?.estado ?? 'sin-contrato']}${pago?.esCliente === true ? ' · cuenta CLIENTE' : ''}`,
    },
    { key: 'Siguiente acción', value: nextAction(detail) },
  ];
}
