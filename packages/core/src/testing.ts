/**
 * Test support shared by the packages that talk to the API: a recording `fetch`, readers for
 * parsed JSON answers, and a lead request that passes the simulator. Not part of the app.
 */
import type { LeadRequestInput } from './schemas';

export { fakeFetch, type RecordedRequest } from './api/testing';

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
