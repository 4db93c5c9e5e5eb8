/**
 * The cases the screen audit seeds through the API, and the screens it walks for each.
 */
import type { CalculationRequest } from '@cbp/core';
import { singleParentReview } from '@cbp/core/testing';

import type { Account } from '../e2e/harness';

export type CaseKey = 'a-cbp2012' | 'b-cbp2022-cerrado' | 'c-enviado';

export interface AuditCase {
  key: CaseKey;
  title: string;
  calculation: CalculationRequest;
  /** Review, documents, payment, declaration and sending, all through the API. */
  sendsTheFile: boolean;
}

const MORTGAGE = {
  banco: 'CaixaBank',
  discapacidad: 'No',
  capitalPendiente: 120_000,
  plazoRestante: 20,
  plazoOriginal: 30,
  tipoInteres: 3.5,
} as const;

/** 750 € of 1.400 € a month is 53,57 % of net income, a single parent with a minor: 2012 code. */
const QUALIFIES_2012: CalculationRequest = {
  ...MORTGAGE,
  circunstancias: { monoparental: 'reciente', menor: 'anterior' },
  ingresosBrutosAnuales: 20_000,
  ingresosNetosAnuales: 16_800,
  ingresosNetosCuatroAnios: 18_000,
  pagoMensualHipoteca: 750,
  cuotaCuatroAnios: 700,
  cuotaJunio2022: 720,
};

/**
 * 650 € of 1.600 € a month is 40,63 %: above the 2022 code's 30 % and under its 37.800 € ceiling,
 * but below the 2012 code's 50 %, with no circumstance. Only the 2022 code, closed on 24-11-2025,
 * would have covered it.
 */
const ONLY_2022: CalculationRequest = {
  ...MORTGAGE,
  circunstancias: {},
  ingresosBrutosAnuales: 22_000,
  ingresosNetosAnuales: 19_200,
  ingresosNetosCuatroAnios: 19_200,
  pagoMensualHipoteca: 650,
  cuotaCuatroAnios: 610,
  cuotaJunio2022: 620,
};

export const CASES: readonly AuditCase[] = [
  {
    key: 'a-cbp2012',
    title: 'Cumple el código de 2012 (calculado, nada más hecho)',
    calculation: QUALIFIES_2012,
    sendsTheFile: false,
  },
  {
    key: 'b-cbp2022-cerrado',
    title: 'Lo habría cubierto el código de 2022, cerrado el 24-11-2025',
    calculation: ONLY_2022,
    sendsTheFile: false,
  },
  {
    key: 'c-enviado',
    title:
      'Cliente que paga con el expediente enviado (pagado, documentos, revisión, declaración firmada)',
    calculation: QUALIFIES_2012,
    sendsTheFile: true,
  },
];

export const CLIENT_SCREENS = [
  '/app',
  '/app/obtener-documentos',
  '/app/honorarios',
  '/app/revisar-expediente',
  '/app/pago-completado',
  '/app/pago-cancelado',
  '/app/enviar-expediente',
  '/app/estado-caso',
] as const;

export const STAFF_SCREENS = [
  '/gestion/leads',
  '/gestion/auditoria',
  '/gestion/fases',
  '/gestion/equipo',
  '/gestion/indices',
] as const;

export const REVIEW = {
  ...singleParentReview,
  bancoHipoteca: 'CaixaBank',
  domicilio: 'Calle del Olmo 7, 3.º B, 28012 Madrid',
};

export interface SeededCase extends AuditCase {
  account: Account;
}
