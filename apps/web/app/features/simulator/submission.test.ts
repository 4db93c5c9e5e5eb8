import {
  API_ERROR_MESSAGES,
  NetworkError,
  type AccountApi,
  type LeadApi,
  type LeadRequestInput,
  type LeadResponse,
} from '@cbp/core';
import { describe, expect, it } from 'vitest';

import { EMPTY_DRAFT, type SimulatorDraft } from './draft';
import {
  attemptFor,
  buildSubmission,
  fingerprintOf,
  FAIL_PATH,
  newIdempotencyKey,
  PASS_PATH,
  questionsAndAnswers,
  submitLead,
  type Submission,
} from './submission';

const draft: SimulatorDraft = {
  ...EMPTY_DRAFT,
  answers: { precioHasta300k: true, viviendaHabitual: true, firmadaAntes2023: true },
  amounts: { cuotaMensual: '1000', ingresosMensuales: '1.800,00' },
  contact: {
    nombre: ' Ana ',
    apellidos: 'Pérez Gil',
    correo: 'Ana@Correo.ES',
    telefono: '+34 612 34 56 78',
  },
  privacyAccepted: true,
};

function passing(): Submission {
  const submission = buildSubmission(draft);
  if (submission === null) throw new Error('the draft should be complete');
  return submission;
}

const response: LeadResponse = {
  data: { id: '0b7c5d8e-1f2a-4b3c-9d4e-5f6a7b8c9d0e' },
  session: { access_token: 'acceso', refresh_token: 'renovacion' },
  message: 'Datos recibidos correctamente',
};

/** Records the calls in order and answers like the server would. */
function recordingApi(options: { healthFails?: boolean } = {}) {
  const calls: { name: string; lead?: LeadRequestInput; key?: string | undefined }[] = [];
  const api = {
    healthCheck: () => {
      calls.push({ name: 'healthCheck' });
      return options.healthFails === true
        ? Promise.reject(new NetworkError(new TypeError('Failed to fetch')))
        : Promise.resolve({ ok: true, status: 200 });
    },
    createLead: (lead: LeadRequestInput, callOptions?: { idempotencyKey?: string }) => {
      calls.push({ name: 'createLead', lead, key: callOptions?.idempotencyKey });
      return Promise.resolve(response);
    },
  } as unknown as Pick<AccountApi, 'healthCheck'> & Pick<LeadApi, 'createLead'>;
  return { api, calls };
}

describe('the lead a complete simulator sends', () => {
  it('carries the contact data, the consent, core’s classification and the raw answers', () => {
    // 1.000 × 100 / 1.800 = 55,56 %: above half the income → the 2012 code, carencia2o5
    const { lead, outcome } = passing();
    expect(outcome.cumpleRequisitos).toBe(true);
    expect(lead).toEqual({
      nombre: 'Ana',
      apellidos: 'Pérez Gil',
      telefono: '612345678',
      email: 'ana@correo.es',
      politicaPrivacidad: true,
      fase_comercial: 'Nuevo',
      estado: 'Nuevo',
      tipocbp: 'carencia2o5',
      respuestas: {
        precioHasta300k: true,
        viviendaHabitual: true,
        firmadaAntes2023: true,
        cuotaMensual: 1000,
        ingresosMensuales: 1800,
      },
    });
  });

  it('is classified "No tiene perfil" after a No to the habitual home', () => {
    const submission = buildSubmission({
      ...draft,
      answers: { ...draft.answers, viviendaHabitual: false },
    });
    expect(submission?.lead.fase_comercial).toBe('No tiene perfil');
    expect(submission?.outcome.cumpleRequisitos).toBe(false);
  });

  it.each([
    ['the privacy policy is not accepted', { privacyAccepted: false }],
    ['an answer is missing', { answers: { precioHasta300k: true, viviendaHabitual: true } }],
    ['the income is 0', { amounts: { cuotaMensual: '650', ingresosMensuales: '0' } }],
    ['the phone is not Spanish', { contact: { ...draft.contact, telefono: '+44 20 7946 0958' } }],
  ])('is not built when %s', (_case, change) => {
    expect(buildSubmission({ ...draft, ...change })).toBeNull();
  });

  it('keys the answers by question text, Sí/No for the yes/no ones', () => {
    expect(questionsAndAnswers(passing().answers)).toEqual({
      '¿El precio de compra de tu vivienda fue de hasta 300.000\u00a0€?': 'Sí',
      '¿La vivienda hipotecada es tu vivienda habitual?': 'Sí',
      '¿Firmaste la hipoteca antes del 31 de diciembre de 2022?': 'Sí',
      '¿Cuál es la cuota mensual de tu hipoteca?': 1000,
      '¿Cuáles son los ingresos mensuales de tu unidad familiar?': 1800,
    });
  });
});

describe('the Idempotency-Key of an attempt', () => {
  it('is reused when the same request is retried, so the server stores one lead', () => {
    const fingerprint = fingerprintOf(passing());
    const first = attemptFor(null, fingerprint);
    expect(attemptFor(first, fingerprintOf(passing()))).toEqual(first);
  });

  it('is new once the person changed an answer: that is another lead', () => {
    const first = attemptFor(null, fingerprintOf(passing()));
    const changed = buildSubmission({
      ...draft,
      amounts: { ...draft.amounts, cuotaMensual: '700' },
    });
    if (changed === null) throw new Error('the draft should be complete');
    const second = attemptFor(first, fingerprintOf(changed));
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(second.fingerprint).toBe(fingerprintOf(changed));
  });

  it('is long and random enough for the server (8 to 200 visible characters)', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^sim-[0-9a-f]{32}$/);
  });
});

describe('sending the simulator', () => {
  it('checks the server first, then sends the lead with the key, and goes to the pass page with the lead session', async () => {
    const { api, calls } = recordingApi();
    const submission = passing();
    const result = await submitLead(api, submission, 'sim-clave-de-prueba');

    expect(calls.map((call) => call.name)).toEqual(['healthCheck', 'createLead']);
    expect(calls[1]).toMatchObject({ lead: submission.lead, key: 'sim-clave-de-prueba' });
    expect(result.path).toBe(PASS_PATH);
    expect(result.state).toMatchObject({
      contacto: { nombre: 'Ana', correo: 'ana@correo.es', telefono: '612345678' },
      porcentajeCuota: (1000 * 100) / 1800,
      leadId: response.data.id,
      session: response.session,
      respuestas: submission.answers,
    });
  });

  it('goes to the fail page without the lead session on a fail', async () => {
    const { api } = recordingApi();
    const failing = buildSubmission({
      ...draft,
      amounts: { cuotaMensual: '300', ingresosMensuales: '1.800' },
    });
    if (failing === null) throw new Error('the draft should be complete');
    const result = await submitLead(api, failing, 'sim-clave-de-prueba');
    expect(result.path).toBe(FAIL_PATH);
    expect(result.state).not.toHaveProperty('leadId');
    expect(result.state).not.toHaveProperty('session');
  });

  it('sends no lead when the server cannot be reached, and reports the spec’s message', async () => {
    const { api, calls } = recordingApi({ healthFails: true });
    await expect(submitLead(api, passing(), 'sim-clave-de-prueba')).rejects.toThrow(
      API_ERROR_MESSAGES.network,
    );
    expect(calls.map((call) => call.name)).toEqual(['healthCheck']);
  });
});
