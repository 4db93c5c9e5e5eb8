import { RULES } from '@cbp/core';

import { count, wholeEuros } from './format';

const { plans, contract } = RULES;

export const FEES_HERO = {
  title: 'Honorarios claros, sin sorpresas',
  description: `Un precio cerrado por llevar tu solicitud ante el banco, en un solo pago de ${wholeEuros(plans.unico.precio)} o en cuotas. Si el banco la rechaza, te devolvemos el dinero.`,
} as const;

export const GUARANTEE = {
  title: 'Garantía de devolución',
  text: 'Si tu banco rechaza la solicitud, te devolvemos todo lo que nos hayas pagado y no cobramos las cuotas pendientes. Solo pedimos que la información y los documentos que nos des sean ciertos y completos.',
} as const;

export const INCLUDED: readonly string[] = [
  'El estudio de tu caso y de qué código y medidas te convienen.',
  'La obtención de tus documentos oficiales desde el área de clientes.',
  'La preparación de la solicitud y su presentación ante tu banco.',
  'La negociación del plan de reestructuración y su revisión antes de que firmes.',
  `El seguimiento hasta el acuerdo con el banco, durante un máximo de ${count(contract.maxServiceMonths, 'mes', 'meses')}.`,
];

export const NOT_INCLUDED: readonly string[] = [
  'Los aranceles de notaría y registro de la novación, que tienen una reducción legal.',
  'Los procedimientos judiciales, si llegaran a hacer falta.',
];

export const PRICE_NOTE = `Precios finales, con impuestos incluidos. El servicio empieza cuando recibimos el pago y tienes ${count(contract.withdrawalCalendarDays, 'día natural', 'días naturales')} para desistir.`;
