import {
  type EuriborEntry,
  formatDateTime,
  formatEuros,
  formatMonth,
  formatPercent,
  type IpremEntry,
} from '@cbp/core';

/** Where the back-office lists and adds the Euribor and IPREM values. */
export const SERIES_PATH = '/gestion/indices';

export const SERIES_TEXT = {
  title: 'Euríbor e IPREM',
  warningTitle: 'Falta el Euríbor de los últimos meses',
  warningLink: 'Añadir el Euríbor publicado',
  euriborCaption: 'Euríbor a un año, media de cada mes',
  ipremCaption: 'IPREM de cada año',
  formTitle: 'Añadir el Euríbor de un mes',
  submit: 'Añadir mes',
  ipremFormTitle: 'Añadir el IPREM de un año',
  ipremSubmit: 'Añadir año',
  busy: 'Añadiendo...',
  empty: 'Todavía no hay valores.',
  loading: 'Cargando el Euríbor y el IPREM...',
} as const;

/** Who added a row: a member of the firm, or the rule table the series started from. */
export function addedByText(entry: EuriborEntry | IpremEntry): string {
  return entry.anadidoPor === null
    ? 'Valor inicial de la tabla de reglas'
    : entry.anadidoPor.nombre;
}

export function addedOnText(entry: EuriborEntry | IpremEntry): string {
  return formatDateTime(entry.creado);
}

export function stateText(entry: EuriborEntry | IpremEntry): string {
  return entry.sustituida ? 'Sustituido por una corrección' : 'En vigor';
}

/** 'octubre de 2026' and '2,150 %', as the table and the confirmation show them. */
export function euriborMonthText(entry: Pick<EuriborEntry, 'mes'>): string {
  const text = formatMonth(entry.mes);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function euriborValueText(entry: Pick<EuriborEntry, 'porcentaje'>): string {
  return formatPercent(entry.porcentaje, 3);
}

export function ipremAmounts(entry: IpremEntry) {
  return {
    mensual: formatEuros(entry.mensual),
    anual12: formatEuros(entry.anual12),
    anual14: formatEuros(entry.anual14),
  };
}

/** The confirmation once a month is added or corrected. */
export function addedMessage(entry: Pick<EuriborEntry, 'mes' | 'porcentaje'>, correction: boolean) {
  const what = `Euríbor a un año de ${formatMonth(entry.mes)}: ${euriborValueText(entry)}`;
  return correction
    ? `${what}, corregido. El valor anterior queda como sustituido.`
    : `${what}, añadido.`;
}

/** The confirmation once a year's IPREM is added or corrected. */
export function ipremAddedMessage(year: number, correction: boolean): string {
  return correction
    ? `IPREM de ${String(year)}, corregido. El valor anterior queda como sustituido.`
    : `IPREM de ${String(year)}, añadido.`;
}
