import { describe, expect, it } from 'vitest';
import { PLANS, RULES } from '../rules';
import {
  caseStatusSchema,
  checklistFileSchema,
  checkoutSessionResponseSchema,
  documentEstadoSchema,
  historyEntrySchema,
  PAYMENT_TYPE_BY_PLAN,
  paymentRequestSchema,
  planSchema,
  requiredDocumentSchema,
  RETRIEVAL_DOCUMENT_MODELS,
  retrievalDocumentRequestSchema,
  retrievalSessionResponseSchema,
  retrievalStartRequestSchema,
  signatureSchema,
  SIGNATURE_MAX_DATA_URL_LENGTH,
  SIGNATURE_MESSAGES,
} from '.';

/** A real 1 × 1 PNG, as a signature pad would send it. */
const ONE_PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The first bytes of a PNG that declares the given size, followed by filler. */
function pngHeaderDataUrl(width: number, height: number): string {
  const word = (value: number) => [
    value >>> 24,
    (value >>> 16) & 255,
    (value >>> 8) & 255,
    value & 255,
  ];
  const bytes = [
    ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    ...word(13),
    ...[0x49, 0x48, 0x44, 0x52],
    ...word(width),
    ...word(height),
    ...new Array<number>(30).fill(0),
  ];
  return `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}`;
}

const message = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('plans and payment', () => {
  it('describe the two plans of the rule table', () => {
    for (const plan of PLANS)
      expect(planSchema.parse(plan)).toEqual({
        ...plan,
        caracteristicas: [...plan.caracteristicas],
      });
  });

  it('map unico to single and fraccionado to split', () => {
    expect(PAYMENT_TYPE_BY_PLAN).toEqual({ unico: 'single', fraccionado: 'split' });
  });

  it('accept a payment request with or without a user', () => {
    expect(
      paymentRequestSchema.parse({ leadId: 'lead-1', userId: null, paymentType: 'split' }),
    ).toEqual({
      leadId: 'lead-1',
      userId: null,
      paymentType: 'split',
    });
    expect(
      message(
        paymentRequestSchema.safeParse({ leadId: 'lead-1', userId: null, paymentType: 'unico' }),
      ),
    ).toBe('Elige una forma de pago válida');
    expect(
      paymentRequestSchema.safeParse({ leadId: 'lead-1', paymentType: 'single' }).success,
    ).toBe(false);
    expect(
      paymentRequestSchema.safeParse({
        leadId: 'lead-1',
        userId: null,
        paymentType: 'single',
        amount: 1,
      }).success,
    ).toBe(false);
  });

  it('read the checkout session id', () => {
    expect(checkoutSessionResponseSchema.parse({ sessionId: 'cs_test_1' })).toEqual({
      sessionId: 'cs_test_1',
    });
    expect(checkoutSessionResponseSchema.safeParse({}).success).toBe(false);
  });

  it('take a drawn signature only as a PNG data URL', () => {
    expect(signatureSchema.safeParse(ONE_PIXEL_PNG).success).toBe(true);
    expect(message(signatureSchema.safeParse('data:image/svg+xml;base64,PHN2Zz4='))).toBe(
      'La firma no es válida',
    );
    expect(message(signatureSchema.safeParse(''))).toBe('Dibuja tu firma para continuar');
  });

  it('refuse a signature that only says it is a PNG', () => {
    // The PNG magic number alone, and JPEG bytes under a PNG label.
    expect(message(signatureSchema.safeParse('data:image/png;base64,iVBORw0KGgo='))).toBe(
      'La firma no es válida',
    );
    expect(
      message(signatureSchema.safeParse(`data:image/png;base64,${'/9j/4AAQSkZJRgABAQ'.repeat(3)}`)),
    ).toBe('La firma no es válida');
    expect(message(signatureSchema.safeParse(pngHeaderDataUrl(0, 100)))).toBe(
      'La firma no es válida',
    );
  });

  it('bound the size a signature image declares, so decoding it cannot exhaust memory', () => {
    const tooLarge = SIGNATURE_MESSAGES.tooLarge;
    expect(signatureSchema.safeParse(pngHeaderDataUrl(1200, 400)).success).toBe(true);
    expect(signatureSchema.safeParse(pngHeaderDataUrl(2400, 400)).success).toBe(true);
    expect(message(signatureSchema.safeParse(pngHeaderDataUrl(2401, 400)))).toBe(tooLarge);
    expect(message(signatureSchema.safeParse(pngHeaderDataUrl(400, 2 ** 31)))).toBe(tooLarge);
    // Within each side, but more points than twice the pad's picture.
    expect(message(signatureSchema.safeParse(pngHeaderDataUrl(1000, 1000)))).toBe(tooLarge);
  });

  it('bound the bytes of a signature, so one signing cannot fill the disk', () => {
    expect(SIGNATURE_MESSAGES.tooLarge).toMatch(
      /^La firma es demasiado grande\. .*escribe tu nombre\.$/,
    );
    expect(
      message(
        signatureSchema.safeParse(
          `${ONE_PIXEL_PNG.slice(0, -2)}${'A'.repeat(SIGNATURE_MAX_DATA_URL_LENGTH)}`,
        ),
      ),
    ).toBe(SIGNATURE_MESSAGES.tooLarge);
  });
});

describe('document retrieval', () => {
  it('asks for the income-tax return and IRPF certificate of 2023 to 2020 and the benefits certificate', () => {
    expect(RETRIEVAL_DOCUMENT_MODELS).toEqual([
      { model: 'HACIENDA_RENTA', year: 2023 },
      { model: 'HACIENDA_RENTA', year: 2022 },
      { model: 'HACIENDA_RENTA', year: 2021 },
      { model: 'HACIENDA_RENTA', year: 2020 },
      { model: 'AEAT_CERT_IRPF', year: 2023 },
      { model: 'AEAT_CERT_IRPF', year: 2022 },
      { model: 'AEAT_CERT_IRPF', year: 2021 },
      { model: 'AEAT_CERT_IRPF', year: 2020 },
      { model: 'SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES' },
    ]);
    expect(
      retrievalStartRequestSchema.parse({
        documentos: RETRIEVAL_DOCUMENT_MODELS,
        leadId: '3f2a9c1e-7b4d-4e2a-9f00-0c1d2e3f4a5b',
      }).documentos,
    ).toHaveLength(9);
  });

  it('requires a year exactly for the tax models', () => {
    expect(message(retrievalDocumentRequestSchema.safeParse({ model: 'HACIENDA_RENTA' }))).toBe(
      'Indica el año de este documento',
    );
    expect(
      message(
        retrievalDocumentRequestSchema.safeParse({
          model: 'SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES',
          year: 2023,
        }),
      ),
    ).toBe('Este documento no lleva año');
    expect(
      message(retrievalDocumentRequestSchema.safeParse({ model: 'CATASTRO', year: 2023 })),
    ).toBe('El tipo de documento no es válido');
  });

  it('reads the session answer, including a lead with no session', () => {
    const answer = {
      session: { estado: 'completada', widget_link: 'https://widget.example.com/s/1' },
      documentos: [{ tipo_documento: 'HACIENDA_RENTA', created_at: '2024-05-02T10:00:00.000Z' }],
      widget_link: 'https://widget.example.com/s/1',
    };
    expect(retrievalSessionResponseSchema.parse(answer)).toEqual(answer);
    expect(retrievalSessionResponseSchema.parse({ session: null })).toEqual({ session: null });
    expect(
      retrievalSessionResponseSchema.safeParse({ ...answer, widget_link: 'javascript:alert(1)' })
        .success,
    ).toBe(false);
  });
});

describe('case view', () => {
  it('reads the status, history and required documents of the spec', () => {
    expect(
      caseStatusSchema.parse({
        fase: 'Revisión de documentación',
        progreso: 40,
        ultimaActualizacion: '2024-05-02T10:00:00+02:00',
        siguientePaso: 'Envío al banco',
        estimacionTiempo: '5-7 días hábiles',
        prioridad: 'normal',
      }),
    ).toMatchObject({ progreso: 40 });
    expect(
      historyEntrySchema.parse({
        fecha: '2024-05-01',
        accion: 'Alta',
        descripcion: 'Expediente abierto',
        estado: 'completado',
      }).estado,
    ).toBe('completado');
    expect(
      requiredDocumentSchema.parse({
        id: 'doc-1',
        nombre: 'Nóminas',
        descripcion: 'Últimas tres nóminas',
        estado: 'pendiente',
        fechaLimite: '2024-06-01',
        prioridad: 'alta',
      }).fechaLimite,
    ).toBe('2024-06-01');
    expect(
      caseStatusSchema.safeParse({
        fase: 'x',
        progreso: 140,
        ultimaActualizacion: '2024-05-02T10:00:00Z',
        siguientePaso: '',
        estimacionTiempo: '',
        prioridad: 'normal',
      }).success,
    ).toBe(false);
    expect(
      requiredDocumentSchema.safeParse({
        id: 'd',
        nombre: 'n',
        descripcion: 'd',
        estado: 'perdido',
        prioridad: 'alta',
      }).success,
    ).toBe(false);
    // A document the firm rejected has its own state, not 'pendiente' (decision 0671).
    expect(
      requiredDocumentSchema.parse({
        id: 'd',
        nombre: 'n',
        descripcion: 'd',
        estado: 'rechazado',
        prioridad: 'alta',
      }).estado,
    ).toBe('rechazado');
  });
});

describe('document checklist', () => {
  it('knows the three review states', () => {
    expect(documentEstadoSchema.options).toEqual(['pendiente', 'aprobado', 'rechazado']);
  });

  it('refuses a file above the limit with the spec’s message', () => {
    expect(
      message(
        checklistFileSchema.safeParse({
          name: 'escritura.pdf',
          size: RULES.documents.maxFileBytes + 1,
        }),
      ),
    ).toBe('El archivo escritura.pdf excede el límite de 50MB');
    expect(
      checklistFileSchema.safeParse({ name: 'escritura.pdf', size: RULES.documents.maxFileBytes })
        .success,
    ).toBe(true);
  });
});
