import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  caseStatusSchema,
  checkoutSessionQuerySchema,
  checkoutSessionResponseSchema,
  contactDataSchema,
  errorResponseSchema,
  formatZodIssues,
  historyEntrySchema,
  leadRequestSchema,
  leadResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  managerSchema,
  messageResponseSchema,
  newPasswordFormSchema,
  paymentRequestSchema,
  planSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  requiredDocumentSchema,
  resetPasswordRequestSchema,
  RETRIEVAL_DOCUMENT_MODELS,
  retrievalSessionResponseSchema,
  retrievalStartRequestSchema,
  retrievalStartResponseSchema,
  reviewFormSchema,
  simulatorAnswersSchema,
  updatePasswordRequestSchema,
  userSchema,
} from '.';

/** Each request or form schema with one valid example, to be broken field by field. */
const requests: readonly [string, z.ZodMiniType, Record<string, unknown>][] = [
  [
    'leadRequestSchema',
    leadRequestSchema,
    {
      nombre: 'Lucía',
      apellidos: 'Martínez',
      telefono: '612345678',
      email: 'lucia@correo.es',
      politicaPrivacidad: true,
      fase_comercial: 'Nuevo',
      estado: 'Nuevo',
      tipocbp: null,
      respuestas: {
        precioHasta300k: true,
        viviendaHabitual: true,
        firmadaAntes2023: true,
        cuotaMensual: 700,
        ingresosMensuales: 1800,
      },
    },
  ],
  [
    'simulatorAnswersSchema',
    simulatorAnswersSchema,
    {
      precioHasta300k: true,
      viviendaHabitual: false,
      firmadaAntes2023: true,
      cuotaMensual: 1,
      ingresosMensuales: 2,
    },
  ],
  [
    'contactDataSchema',
    contactDataSchema,
    { nombre: 'Lucía', apellidos: 'Martínez', correo: 'lucia@correo.es', telefono: '612345678' },
  ],
  ['loginRequestSchema', loginRequestSchema, { email: 'lucia@correo.es', password: 'x' }],
  ['resetPasswordRequestSchema', resetPasswordRequestSchema, { email: 'lucia@correo.es' }],
  [
    'updatePasswordRequestSchema',
    updatePasswordRequestSchema,
    {
      password: 'Hipoteca!7x',
      recovery_url: 'https://cbp.example.es/reset-password#access_token=t&type=recovery',
    },
  ],
  [
    'newPasswordFormSchema',
    newPasswordFormSchema,
    { password: 'Hipoteca!7x', confirmacion: 'Hipoteca!7x' },
  ],
  ['refreshRequestSchema', refreshRequestSchema, { refresh_token: 'r' }],
  ['logoutRequestSchema', logoutRequestSchema, { refresh_token: 'r' }],
  [
    'paymentRequestSchema',
    paymentRequestSchema,
    { leadId: 'lead-1', userId: null, paymentType: 'single' },
  ],
  [
    'retrievalStartRequestSchema',
    retrievalStartRequestSchema,
    {
      documentos: [...RETRIEVAL_DOCUMENT_MODELS],
      leadId: '3f2a9c1e-7b4d-4e2a-9f00-0c1d2e3f4a5b',
    },
  ],
  [
    'reviewFormSchema',
    reviewFormSchema,
    {
      numeroTitulares: 1,
      miembrosUnidadFamiliar: 2,
      email: 'a@b.es',
      interesAnual: 2.5,
      persona2Relacion: 'conyuge',
      fechaVencimiento: '2040-01-01',
    },
  ],
  [
    'managerSchema',
    managerSchema,
    { gestorNombre: 'Pablo', gestorEmail: 'p@g.es', gestorTelefono: '912345678' },
  ],
];

const responses: readonly [string, z.ZodMiniType][] = [
  ['leadResponseSchema', leadResponseSchema],
  ['loginResponseSchema', loginResponseSchema],
  ['refreshResponseSchema', refreshResponseSchema],
  ['userSchema', userSchema],
  ['messageResponseSchema', messageResponseSchema],
  ['errorResponseSchema', errorResponseSchema],
  ['planSchema', planSchema],
  ['checkoutSessionResponseSchema', checkoutSessionResponseSchema],
  ['retrievalSessionResponseSchema', retrievalSessionResponseSchema],
  ['retrievalStartResponseSchema', retrievalStartResponseSchema],
  ['caseStatusSchema', caseStatusSchema],
  ['historyEntrySchema', historyEntrySchema],
  ['requiredDocumentSchema', requiredDocumentSchema],
];

// zod's own English texts start like this; none may reach a person.
const ENGLISH = /^(Invalid|Too (big|small)|Expected|Unrecognized|Required|Number must|String must)/;

describe('request schemas', () => {
  it.each(requests)('%s accepts its example', (_name, schema, example) => {
    expect(schema.safeParse(example).success).toBe(true);
  });

  it.each(requests)('%s answers any broken field in Spanish', (_name, schema, example) => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(example), 'campoDesconocido'),
        fc.anything(),
        (field, value) => {
          const result = schema.safeParse({ ...example, [field]: value });
          for (const issue of result.error?.issues ?? [])
            expect(issue.message).not.toMatch(ENGLISH);
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each(requests)('%s answers a body that is not an object in Spanish', (_name, schema) => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.anything())),
        (body) => {
          const result = schema.safeParse(body);
          expect(result.success).toBe(false);
          for (const issue of result.error?.issues ?? [])
            expect(issue.message).not.toMatch(ENGLISH);
        },
      ),
    );
  });

  it.each(
    requests.filter(([name]) => name !== 'newPasswordFormSchema' && name !== 'contactDataSchema'),
  )('%s is strict: an unknown field is refused', (_name, schema, example) => {
    expect(
      formatZodIssues(schema.safeParse({ ...example, campoDesconocido: 1 }).error ?? []).fields,
    ).toEqual({
      campoDesconocido: 'Campo no permitido: campoDesconocido',
    });
  });

  it.each(requests)('%s converts to JSON Schema for the API description', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
  });
});

describe('response schemas', () => {
  it.each(responses)('%s converts to JSON Schema for the API description', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });

  it('checkout query lower-cases the pre-filled e-mail', () => {
    expect(checkoutSessionQuerySchema.parse({ prefilled_email: ' Ana@Correo.es' })).toEqual({
      prefilled_email: 'ana@correo.es',
    });
  });
});

describe('formatZodIssues', () => {
  it('gives the first Spanish message per field and a summary', () => {
    const result = leadRequestSchema.safeParse({
      nombre: '',
      apellidos: 'x'.repeat(200),
      telefono: '1',
      email: 'no',
      politicaPrivacidad: false,
      fase_comercial: 'Nuevo',
      estado: 'Nuevo',
      tipocbp: null,
      respuestas: { precioHasta300k: true },
      extra: 1,
    });
    const formatted = formatZodIssues(result.error ?? []);
    expect(formatted.fields).toEqual({
      nombre: 'Introduce tu nombre',
      apellidos: 'Los apellidos no pueden superar 100 caracteres',
      telefono: 'Introduce un teléfono español válido (9 dígitos)',
      email: 'Introduce un correo electrónico válido',
      politicaPrivacidad: 'Debes aceptar la política de privacidad para continuar',
      'respuestas.viviendaHabitual': 'Indica si la vivienda es tu residencia habitual',
      'respuestas.firmadaAntes2023':
        'Indica si firmaste la hipoteca antes del 31 de diciembre de 2022',
      'respuestas.cuotaMensual': 'Introduce la cuota mensual de tu hipoteca',
      'respuestas.ingresosMensuales': 'Introduce los ingresos mensuales de tu familia',
      extra: 'Campo no permitido: extra',
    });
    expect(formatted.message).toBe('Introduce tu nombre');
  });

  it('falls back to a general message when there is no issue', () => {
    expect(formatZodIssues([])).toEqual({
      message: 'Revisa los datos: hay campos no válidos',
      fields: {},
    });
  });
});
