/**
 * Test support shared by the packages that talk to the API: a recording `fetch`, readers for
 * parsed JSON answers, and a lead request that passes the simulator. Not part of the app.
 */
import type { LeadRequestInput, PaymentRecord, StaffMember } from './schemas';

export { failure, fakeFetch, type RecordedRequest } from './api/testing';

/** The value at a path of a parsed JSON answer; throws (failing the test) when it is absent. */
export function jsonField(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null || !(key in current)) {
      throw new Error(`missing ${keys.join('.')} in ${JSON.stringify(value)}`);
    }
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Like {@link jsonField}, for a value that must be a string. */
export function jsonText(value: unknown, ...keys: string[]): string {
  const found = jsonField(value, ...keys);
  if (typeof found !== 'string') {
    throw new Error(`${keys.join('.')} is not a string: ${JSON.stringify(found)}`);
  }
  return found;
}

/**
 * POST /api/leads for someone who qualifies: 650 × 100 / 1.800 = 36,11 % of income, above the
 * 30 % the rules ask for, with the three yes answers.
 */
export function passingLeadRequest(email: string) {
  return {
    nombre: 'Lucía',
    apellidos: 'García Pérez',
    telefono: '612 345 678',
    email,
    politicaPrivacidad: true,
    fase_comercial: 'Nuevo',
    estado: 'Nuevo',
    tipocbp: 'carencia2o5',
    // 1.000 € of 1.800 € is 55,56 %: above half the income, so the permanent 2012 code.
    respuestas: {
      precioHasta300k: true,
      viviendaHabitual: true,
      firmadaAntes2023: true,
      cuotaMensual: 1000,
      ingresosMensuales: 1800,
    },
  } satisfies LeadRequestInput;
}

export { sampleHousehold } from './calculator/fixtures.test-helpers';

/** Answers of 'Revisar Expediente' for a single-parent family: the holder works, the child is a minor. */
export const singleParentReview = {
  numeroTitulares: '1',
  miembrosUnidadFamiliar: '2',
  persona1Ingresos: 'Nomina',
  persona1Discapacidad: 'no',
  persona2Ingresos: 'No tiene ingresos',
  persona2Relacion: 'hijo-hija',
  persona2Menor: 'si',
  persona2Discapacidad: 'no',
} as const satisfies Record<string, string>;

/** Answers of 'Revisar Expediente' for a holder with no income who lives with a working partner. */
export const workingPartnerReview = {
  numeroTitulares: '1',
  miembrosUnidadFamiliar: '2',
  persona1Ingresos: 'No tiene ingresos',
  persona1Discapacidad: 'no',
  persona2Ingresos: 'Nomina',
  persona2Relacion: 'pareja-de-hecho',
  persona2Menor: 'no',
  persona2Discapacidad: 'no',
} as const satisfies Record<string, string>;

/** An active administrator of the firm, as the back office's session answers carry her. */
export const staffAdmin = {
  id: '7d0c9a4e-3b1f-4a57-9d55-1a2b3c4d5e6f',
  email: 'marta@despacho.es',
  nombre: 'Marta',
  rol: 'admin',
  estado: 'activo',
  verificacionEnDosPasos: false,
  creadoEl: '2026-11-01T10:00:00.000Z',
} as const satisfies StaffMember;

/** A one-off fee paid by transfer, with its receipt; tests change only what they are about. */
export function paidPayment(overrides: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
    tipo: 'unico',
    cuota: null,
    importe: 999,
    metodo: 'transferencia',
    estado: 'pagado',
    fecha: '2026-11-21T11:00:00.000Z',
    recibo: 'R-2026-000001',
    ...overrides,
  };
}

/** One message of the development mailbox (/dev/correo), as the tests read it. */
export interface MailboxMessage {
  id: string;
  para: string;
  de: string;
  asunto: string;
  texto: string;
  html: string;
  recibido: string;
  enlaces: string[];
}
