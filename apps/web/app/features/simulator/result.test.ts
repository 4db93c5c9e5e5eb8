import { describe, expect, it } from 'vitest';

import {
  answersFrom,
  explainResult,
  passResultFromLead,
  readFailState,
  readPassState,
} from './result';

const session = { access_token: 'acceso', refresh_token: 'renovacion' };
const base = {
  preguntasRespuestas: { '¿La vivienda hipotecada es tu vivienda habitual?': 'No' },
  contacto: { nombre: 'Ana' },
  porcentajeCuota: 36.11,
};
const allYes = { precioHasta300k: true, viviendaHabitual: true, firmadaAntes2023: true };

describe('the result pages’ navigation state', () => {
  it.each([
    ['nothing (a direct visit)', null],
    ['a string', 'cumple'],
    ['no name', { ...base, contacto: {} }],
    ['no share', { preguntasRespuestas: {}, contacto: { nombre: 'Ana' } }],
  ])('is refused on both pages when it is %s', (_case, state) => {
    expect(readFailState(state)).toBeNull();
    expect(readPassState(state)).toBeNull();
  });

  it('needs the lead id and session on the pass page only', () => {
    expect(readPassState(base)).toBeNull();
    expect(readFailState(base)).not.toBeNull();
    const pass = readPassState({ ...base, leadId: 'lead-1', session });
    expect(pass).toMatchObject({ leadId: 'lead-1', session });
  });
});

describe('the answers on a result page', () => {
  it('are read back from the question texts when the typed answers are absent', () => {
    expect(
      answersFrom({
        ...base,
        preguntasRespuestas: {
          '¿La vivienda hipotecada es tu vivienda habitual?': 'No',
          '¿Cuál es la cuota mensual de tu hipoteca?': 650,
          'Una pregunta que ya no existe': 'Sí',
        },
      }),
    ).toEqual({ viviendaHabitual: false, cuotaMensual: 650 });
  });
});

const TODAY = '2026-11-25';
const withSpaces = (texts: readonly string[]) =>
  texts.map((text) => text.replaceAll('\u00a0', ' '));

describe('why someone does or does not qualify', () => {
  it('names each unmet condition of the open code in plain Spanish', () => {
    const answers = { precioHasta300k: false, viviendaHabitual: false, firmadaAntes2023: false };
    const explanation = explainResult(
      { ...answers, cuotaMensual: 1000, ingresosMensuales: 1800 },
      55.56,
      TODAY,
    );
    expect(explanation.code).toBeNull();
    expect(withSpaces(explanation.unmet)).toEqual([
      'La hipoteca es sobre tu vivienda habitual.',
      'El precio de compra de la vivienda no superó 300.000 €.',
    ]);
  });

  it('says when only the closed 2022 code would have taken the answers, and since when', () => {
    // 650 × 100 / 1.800 = 36,11 %: enough for the 2022 code only.
    const explanation = explainResult(
      { ...allYes, cuotaMensual: 650, ingresosMensuales: 1800 },
      36.11,
      TODAY,
    );
    expect(withSpaces(explanation.unmet)).toEqual([
      'La cuota supera el 50 % de los ingresos netos de la unidad familiar (el 40 % en casos de discapacidad o dependencia): ahora es el 36,11 %.',
    ]);
    expect(explanation.circumstancesLater).toBe(false);
    expect(explanation.closedCode).toEqual({
      name: 'Código de Buenas Prácticas de 2022',
      closedAfter: '24 de noviembre de 2025',
    });
  });

  it('names the open code and what only the documents can confirm', () => {
    const explanation = explainResult(
      { ...allYes, cuotaMensual: 1000, ingresosMensuales: 1800 },
      55.56,
      TODAY,
    );
    expect(explanation.code).toBe('Código de Buenas Prácticas de 2012');
    expect(explanation.unmet).toEqual([]);
    expect(withSpaces(explanation.pending)).toEqual([
      'Los ingresos de la unidad familiar no superan 25.200 € al año (3 veces el IPREM anual en 14 pagas; hasta 42.000 € en casos de discapacidad, dependencia o enfermedad).',
      'El esfuerzo que supone la cuota sobre los ingresos ha aumentado en los últimos cuatro años, o en los últimos cuatro años ha surgido alguna circunstancia de especial vulnerabilidad (familia numerosa; familia monoparental con hijos a cargo; un menor de edad en la unidad familiar; un miembro con discapacidad superior al 33 %, dependencia o enfermedad que le impide trabajar; un familiar hasta el tercer grado con discapacidad, dependencia o enfermedad grave que vive en casa; víctima de violencia de género, trata o explotación sexual; o deudor mayor de 60 años).',
    ]);
    // The simulator keeps its five questions: the page says the circumstances come later.
    expect(explanation.circumstancesLater).toBe(true);
  });

  it('judges from the share when an older page state has no amounts', () => {
    const explanation = explainResult({ viviendaHabitual: false }, 12.5, TODAY);
    expect(withSpaces(explanation.unmet)).toEqual([
      'La hipoteca es sobre tu vivienda habitual.',
      'La cuota supera el 50 % de los ingresos netos de la unidad familiar (el 40 % en casos de discapacidad o dependencia): ahora es el 12,50 %.',
    ]);
  });
});

describe('the pass page rebuilt from the stored lead', () => {
  const lead = {
    id: 'lead-1',
    nombre: 'Lucía',
    apellidos: 'Gómez',
    telefono: '612345678',
    email: 'lucia@correo.es',
    fase_comercial: 'Nuevo',
    estado: 'Nuevo',
    tipocbp: 'carencia2o5' as const,
    porcentajeCuota: 55.56,
    cumpleRequisitos: true,
    respuestas: { ...allYes, cuotaMensual: 1_000, ingresosMensuales: 1_800 },
    creado: '2026-11-21T10:15:00.000Z',
  };

  it('shows the answers, share and contact the server stored, with no session to hand over', () => {
    const result = passResultFromLead(lead);
    expect(result).toMatchObject({
      leadId: 'lead-1',
      session: null,
      state: {
        contacto: { nombre: 'Lucía', telefono: '612345678', correo: 'lucia@correo.es' },
        porcentajeCuota: 55.56,
        respuestas: lead.respuestas,
      },
    });
    expect(result === null ? null : answersFrom(result.state)).toEqual(lead.respuestas);
  });

  it.each([
    ['did not qualify', { cumpleRequisitos: false }],
    ['has no answers', { respuestas: null }],
    ['has no share', { porcentajeCuota: null }],
  ])('has nothing to show when the lead %s', (_case, change) => {
    expect(passResultFromLead({ ...lead, ...change })).toBeNull();
  });
});
