import { z } from '../zod';
import { RULES } from '../rules';
import {
  httpUrlSchema,
  isoDateTimeSchema,
  leadIdSchema,
  objectError,
  responseText,
} from './fields';

export const RETRIEVAL_MODELS = [
  'HACIENDA_RENTA',
  'AEAT_CERT_IRPF',
  'SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES',
] as const;
export type RetrievalModel = (typeof RETRIEVAL_MODELS)[number];

/** Models fetched once per tax year; the social-security certificate has no year. */
const YEARLY_MODELS: readonly RetrievalModel[] = ['HACIENDA_RENTA', 'AEAT_CERT_IRPF'];

export const retrievalDocumentRequestSchema = z
  .strictObject(
    {
      model: z.enum(RETRIEVAL_MODELS, { error: 'El tipo de documento no es válido' }),
      year: z.optional(
        z
          .int({ error: 'El año no es válido' })
          .check(
            z.gte(2000, { error: 'El año no es válido' }),
            z.lte(2100, { error: 'El año no es válido' }),
          ),
      ),
    },
    { error: objectError },
  )
  .check((ctx) => {
    const needsYear = YEARLY_MODELS.includes(ctx.value.model);
    if (needsYear === (ctx.value.year !== undefined)) return;
    ctx.issues.push({
      code: 'custom',
      input: ctx.value.year,
      path: ['year'],
      message: needsYear ? 'Indica el año de este documento' : 'Este documento no lleva año',
    });
  });
export type RetrievalDocumentRequest = z.infer<typeof retrievalDocumentRequestSchema>;

/** What the retrieval request asks for (spec 02, section 7): newest tax year first. */
export const RETRIEVAL_DOCUMENT_MODELS: readonly RetrievalDocumentRequest[] = Object.freeze(
  [
    ...YEARLY_MODELS.flatMap((model) =>
      [...RULES.retrieval.taxYears].sort((a, b) => b - a).map((year) => ({ model, year })),
    ),
    { model: 'SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES' as const },
  ].map((request) => Object.freeze(request)),
);

/**
 * The tax years whose income-tax (IRPF) return exists on `evaluationDate` (ISO day, Spain's
 * calendar), newest first: the last `RULES.retrieval.taxYearsCount`. The return for year N is
 * filed in the campaign held in N+1, which ends on `RULES.retrieval.irpfCampaignEnd`; until that
 * day is over, N-1 is the newest year every taxpayer has filed. In November 2026: 2025 to 2022.
 */
export function retrievalTaxYears(evaluationDate: string): number[] {
  const match = /^(\d{4})-(\d{2}-\d{2})/.exec(evaluationDate);
  if (match === null) throw new RangeError(`Fecha no válida: ${evaluationDate}`);
  const year = Number(match[1]);
  const campaignOver = (match[2] ?? '') > RULES.retrieval.irpfCampaignEnd;
  const newest = campaignOver ? year - 1 : year - 2;
  return Array.from({ length: RULES.retrieval.taxYearsCount }, (_, index) => newest - index);
}

/** What the retrieval request asks for on `evaluationDate`: each yearly model per tax year, then the rest. */
export function retrievalDocumentModels(evaluationDate: string): RetrievalDocumentRequest[] {
  const years = retrievalTaxYears(evaluationDate);
  return [
    ...YEARLY_MODELS.flatMap((model) => years.map((year) => ({ model, year }))),
    { model: 'SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES' as const },
  ];
}

/** Body of POST /api/bankflip-session. */
export const retrievalStartRequestSchema = z.strictObject(
  {
    documentos: z
      .array(retrievalDocumentRequestSchema, { error: 'Falta la lista de documentos' })
      .check(
        z.minLength(1, { error: 'Pide al menos un documento' }),
        z.maxLength(20, { error: 'Demasiados documentos en una sola petición' }),
      ),
    leadId: leadIdSchema,
  },
  { error: objectError },
);
export type RetrievalStartRequest = z.infer<typeof retrievalStartRequestSchema>;

export const RETRIEVAL_ESTADOS = ['iniciada', 'completada'] as const;
export type KnownRetrievalEstado = (typeof RETRIEVAL_ESTADOS)[number];

// The provider has more states than the two the screen reacts to; any is accepted and shown as "start".
const retrievalEstadoSchema = z.string().check(z.minLength(1), z.maxLength(50));

export const retrievedDocumentSchema = z.object({
  tipo_documento: responseText(100),
  created_at: isoDateTimeSchema,
});
export type RetrievedDocument = z.infer<typeof retrievedDocumentSchema>;

const MAX_RETRIEVED = 200;

/** The retrieval session as the documents screen uses it. */
export const retrievalSessionSchema = z.object({
  estado: retrievalEstadoSchema,
  widget_link: z.nullable(httpUrlSchema),
  documentos: z.array(retrievedDocumentSchema).check(z.maxLength(MAX_RETRIEVED)),
});
export type RetrievalSession = z.infer<typeof retrievalSessionSchema>;

/**
 * GET /api/bankflip-session/{leadId}, shaped as the spec reads it: the session's state and link,
 * the documents, and the link again at the top level.
 */
export const retrievalSessionResponseSchema = z.object({
  /** null, like a 404, when the lead has no session yet. */
  session: z.nullable(
    z.object({
      estado: retrievalEstadoSchema,
      widget_link: z.optional(z.nullable(httpUrlSchema)),
    }),
  ),
  documentos: z.optional(z.array(retrievedDocumentSchema).check(z.maxLength(MAX_RETRIEVED))),
  widget_link: z.optional(z.nullable(httpUrlSchema)),
});
export type RetrievalSessionResponse = z.infer<typeof retrievalSessionResponseSchema>;

/** POST /api/bankflip-session answers with the new session and its widget link. */
export const retrievalStartResponseSchema = z.object({
  session: z.object({
    estado: z.optional(retrievalEstadoSchema),
    widget_link: httpUrlSchema,
  }),
});
export type RetrievalStartResponse = z.infer<typeof retrievalStartResponseSchema>;

const RETRIEVED_DOCUMENT_NAMES: Readonly<Record<RetrievalModel, string>> = {
  HACIENDA_RENTA: 'Declaración de la Renta',
  AEAT_CERT_IRPF: 'Certificado de imputaciones del IRPF',
  SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES:
    'Certificado integral de prestaciones de la Seguridad Social',
};

/** The name a person reads for a retrieved document: 'Declaración de la Renta 2025'. */
export function retrievedDocumentName(model: string, year: number | null): string {
  const known = (RETRIEVAL_MODELS as readonly string[]).includes(model)
    ? RETRIEVED_DOCUMENT_NAMES[model as RetrievalModel]
    : 'Documento obtenido';
  return year === null ? known : `${known} ${year}`;
}

/** The widget's window messages (spec 02, 4.4), as the provider and the sandbox post them. */
export const RETRIEVAL_WIDGET_EVENTS = [
  'session_completed',
  'user_requested_closure',
  'session_cancelled',
  'token_expired',
  'session_expired',
  'results_screen_shown',
] as const;
export type RetrievalWidgetEvent = (typeof RETRIEVAL_WIDGET_EVENTS)[number];
