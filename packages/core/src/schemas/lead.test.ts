import { describe, expect, it } from 'vitest';
import { evaluateSimulator } from '../simulator';
import {
  contactDataSchema,
  leadRequestSchema,
  leadResponseSchema,
  resultNavigationStateSchema,
  simulatorAnswersSchema,
} from '.';

const answers = {
  precioHasta300k: true,
  viviendaHabitual: true,
  firmadaAntes2023: true,
  cuotaMensual: 1_000,
  ingresosMensuales: 1_800,
};

const TODAY = '2026-11-25';

const lead = {
  nombre: '  Lucía ',
  apellidos: 'Martínez Peña',
  telefono: '+34 612 345 678',
  email: ' Lucia.Martinez@Correo.es',
  politicaPrivacidad: true,
  fase_comercial: 'Nuevo',
  estado: 'Nuevo',
  tipocbp: 'carencia1',
  respuestas: answers,
};

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('simulatorAnswersSchema', () => {
  it('accepts the five answers evaluateSimulator takes', () => {
    const parsed = simulatorAnswersSchema.parse(answers);
    // 1.000 / 1.800 × 100 = 55,56 %: above half the income, the 2012 code's carencia2o5.
    expect(evaluateSimulator(parsed, TODAY)).toMatchObject({
      cumpleRequisitos: true,
      tipocbp: 'carencia2o5',
    });
  });

  it('refuses an income of 0, which has no share, and a negative instalment', () => {
    expect(
      messages(simulatorAnswersSchema.safeParse({ ...answers, ingresosMensuales: 0 })),
    ).toEqual({
      ingresosMensuales: 'Los ingresos mensuales deben ser un número mayor que 0',
    });
    expect(messages(simulatorAnswersSchema.safeParse({ ...answers, cuotaMensual: -1 }))).toEqual({
      cuotaMensual: 'La cuota mensual debe ser un número igual o mayor que 0',
    });
  });

  it('rounds amounts to the cent, so a denormal income is 0 € and refused', () => {
    expect(
      messages(simulatorAnswersSchema.safeParse({ ...answers, ingresosMensuales: 5e-324 })),
    ).toEqual({
      ingresosMensuales: 'Los ingresos mensuales deben ser un número mayor que 0',
    });
    expect(
      messages(simulatorAnswersSchema.safeParse({ ...answers, ingresosMensuales: 0.004 })),
    ).toEqual({
      ingresosMensuales: 'Los ingresos mensuales deben ser un número mayor que 0',
    });
    expect(
      simulatorAnswersSchema.parse({
        ...answers,
        cuotaMensual: 700.005,
        ingresosMensuales: 1_800.1234,
      }),
    ).toMatchObject({ cuotaMensual: 700.01, ingresosMensuales: 1_800.12 });
    expect(simulatorAnswersSchema.safeParse({ ...answers, cuotaMensual: 1e308 }).success).toBe(
      false,
    );
  });

  it('asks for a missing answer and refuses numbers sent as text', () => {
    const rest: Partial<typeof answers> = { ...answers };
    delete rest.precioHasta300k;
    expect(messages(simulatorAnswersSchema.safeParse({ ...rest, cuotaMensual: '700' }))).toEqual({
      precioHasta300k: 'Indica si el precio de la vivienda fue de hasta 300.000\u00a0€',
      cuotaMensual: 'La cuota mensual debe ser un número',
    });
  });
});

describe('leadRequestSchema', () => {
  it('trims the names, lower-cases the e-mail and keeps the 9-digit phone', () => {
    expect(leadRequestSchema.parse(lead)).toEqual({
      nombre: 'Lucía',
      apellidos: 'Martínez Peña',
      telefono: '612345678',
      email: 'lucia.martinez@correo.es',
      politicaPrivacidad: true,
      fase_comercial: 'Nuevo',
      estado: 'Nuevo',
      tipocbp: 'carencia1',
      respuestas: answers,
    });
  });

  it('requires the answers of a lead that claims to qualify, and not of one that does not', () => {
    const withoutAnswers: Partial<typeof lead> = { ...lead };
    delete withoutAnswers.respuestas;
    expect(messages(leadRequestSchema.safeParse(withoutAnswers))).toEqual({
      respuestas:
        'Faltan las respuestas del simulador: sin ellas no podemos comprobar si cumples los requisitos.',
    });
    expect(
      leadRequestSchema.safeParse({
        ...withoutAnswers,
        fase_comercial: 'No tiene perfil',
        tipocbp: null,
      }).success,
    ).toBe(true);
  });

  it('accepts what evaluateSimulator decides for a visitor who fails', () => {
    // 300 / 2.000 × 100 = 15 %: under 30 %, so 'No tiene perfil' and no carencia.
    const outcome = evaluateSimulator(
      { ...answers, cuotaMensual: 300, ingresosMensuales: 2_000 },
      TODAY,
    );
    const parsed = leadRequestSchema.parse({
      ...lead,
      fase_comercial: outcome.fase_comercial,
      estado: outcome.estado,
      tipocbp: outcome.tipocbp,
    });
    expect(parsed).toMatchObject({ fase_comercial: 'No tiene perfil', tipocbp: null });
  });

  it('requires the privacy policy to be accepted', () => {
    expect(messages(leadRequestSchema.safeParse({ ...lead, politicaPrivacidad: false }))).toEqual({
      politicaPrivacidad: 'Debes aceptar la política de privacidad para continuar',
    });
  });

  it('gives one Spanish message per invalid field', () => {
    const result = leadRequestSchema.safeParse({
      ...lead,
      nombre: ' ',
      email: 'lucia',
      telefono: '12345',
    });
    expect(messages(result)).toEqual({
      nombre: 'Introduce tu nombre',
      email: 'Introduce un correo electrónico válido',
      telefono: 'Introduce un teléfono español válido (9 dígitos)',
    });
  });

  it('refuses long names, control characters and unknown fields', () => {
    expect(messages(leadRequestSchema.safeParse({ ...lead, apellidos: 'x'.repeat(101) }))).toEqual({
      apellidos: 'Los apellidos no pueden superar 100 caracteres',
    });
    expect(
      messages(leadRequestSchema.safeParse({ ...lead, nombre: 'Ana\r\nBcc: x@y.es' })),
    ).toEqual({
      nombre:
        'El nombre contiene caracteres invisibles o de control que no se admiten. Escríbelo de nuevo sin ellos.',
    });
    expect(messages(leadRequestSchema.safeParse({ ...lead, rol: 'admin' }))).toEqual({
      '': 'Campo no permitido: rol',
    });
  });

  it.each([
    ['a right-to-left override', 'Ana\u202Egpj.exe'],
    ['a line separator', 'Ana\u2028Asunto: urgente'],
    ['a paragraph separator', 'Ana\u2029Pérez'],
    ['a left-to-right isolate', '\u2066Ana\u2069'],
    ['a zero-width no-break space', 'A\uFEFFna'],
    ['a NUL', 'Ana\u0000'],
    ['a private-use character', 'Ana\uE000'],
  ])('refuses a name with %s', (_label, apellidos) => {
    expect(messages(leadRequestSchema.safeParse({ ...lead, apellidos }))).toEqual({
      apellidos:
        'Los apellidos contienen caracteres invisibles o de control que no se admiten. Escríbelos de nuevo sin ellos.',
    });
  });

  it('stores names composed (NFC) and keeps the joiners some scripts need', () => {
    const decomposed = 'Luci\u0301a Nu\u0301n\u0303ez';
    const parsed = leadRequestSchema.parse({ ...lead, nombre: decomposed, apellidos: 'क्\u200Dष' });
    expect(parsed.nombre).toBe('Lucía Núñez');
    expect(parsed.nombre).toHaveLength(11);
    expect(parsed.apellidos).toBe('क्\u200Dष');
  });

  it('refuses classification values the simulator never produces', () => {
    expect(leadRequestSchema.safeParse({ ...lead, fase_comercial: 'Cliente' }).success).toBe(false);
    expect(leadRequestSchema.safeParse({ ...lead, estado: 'Cerrado' }).success).toBe(false);
    expect(leadRequestSchema.safeParse({ ...lead, tipocbp: 'carencia5' }).success).toBe(false);
  });
});

describe('leadResponseSchema', () => {
  it('reads data.id and the session', () => {
    const response = {
      data: { id: 'c0ffee00-0000-4000-8000-000000000001' },
      session: { access_token: 'acceso', refresh_token: 'renovacion', expires_in: 900 },
    };
    expect(leadResponseSchema.parse(response)).toEqual(response);
    expect(leadResponseSchema.safeParse({ data: {}, session: response.session }).success).toBe(
      false,
    );
  });
});

describe('contactDataSchema and resultNavigationStateSchema', () => {
  it('uses the spec’s `correo` for the contact e-mail', () => {
    expect(
      contactDataSchema.parse({
        nombre: 'Lucía',
        apellidos: 'Martínez',
        correo: 'LUCIA@correo.es',
        telefono: '612345678',
      }),
    ).toMatchObject({ correo: 'lucia@correo.es' });
  });

  it('accepts the state of a pass and refuses one without the first name', () => {
    const state = {
      preguntasRespuestas: {
        '¿Cuál es tu cuota mensual de hipoteca?': 700,
        '¿Es tu vivienda habitual?': 'Sí',
      },
      contacto: { nombre: 'Lucía' },
      porcentajeCuota: 38.888,
      leadId: 'lead-1',
      session: { access_token: 'a', refresh_token: 'r' },
    };
    expect(resultNavigationStateSchema.parse(state)).toMatchObject({
      contacto: { nombre: 'Lucía' },
    });
    expect(resultNavigationStateSchema.safeParse({ ...state, contacto: {} }).success).toBe(false);
  });
});
