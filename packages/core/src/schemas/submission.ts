import { formatDate } from '../format/date';
import { z } from '../zod';
import { DOCUMENT_STATES } from '../documents/states';
import { documentEstadoSchema } from './documents';
import {
  isoDateSchema,
  isoDateTimeSchema,
  objectError,
  requiredText,
  responseText,
} from './fields';

/**
 * What can stop the file from being sent, each with the screen that fixes it: 'calculo' when the
 * person's latest calculation says they cannot apply (decision 0720).
 */
export const SUBMISSION_MISSING_KINDS = [
  'calculo',
  'revision',
  'declaracion',
  'documentos',
  'pago',
] as const;
export type SubmissionMissingKind = (typeof SUBMISSION_MISSING_KINDS)[number];

export const submissionMissingSchema = z.object({
  tipo: z.enum(SUBMISSION_MISSING_KINDS),
  /** Spanish, for the person: 'Falta la nómina del titular 1'. */
  mensaje: responseText(300),
  /** Path of the private area where it is fixed: '/app/obtener-documentos'. */
  enlace: z.string().check(z.regex(/^\/app(?:\/[a-z0-9-]+)*(?:\?[a-zA-Z0-9=&%-]*)?$/)),
});
export type SubmissionMissing = z.infer<typeof submissionMissingSchema>;

/** One document the file will carry (or lacks), with its review state. */
export const submissionDocumentSchema = z.object({
  id: responseText(200),
  nombre: responseText(200),
  /** Whose it is: 'Titular 1', 'Miembro 1', 'Hipoteca', 'Obtenido con Cl@ve'. */
  persona: responseText(100),
  /** The review of its file; null: nothing uploaded yet. */
  estado: z.nullable(documentEstadoSchema),
  /** Its state in the words of every screen: 'falta', 'en-revision', 'firmada'... (decision 0671). */
  situacion: z.enum(DOCUMENT_STATES),
});
export type SubmissionDocument = z.infer<typeof submissionDocumentSchema>;

export const SUBMISSION_CODES = ['cbp2012', 'cbp2022'] as const;
export type SubmissionCode = (typeof SUBMISSION_CODES)[number];

/**
 * Where the bank file's preparation stands (decision 0580): accepted by 'Enviar expediente',
 * being built (annexes done of the total), ready (the file is sent) or failed with the reason.
 */
export const SUBMISSION_BUILD_STATES = ['aceptado', 'en-preparacion', 'listo', 'fallido'] as const;
export type SubmissionBuildState = (typeof SUBMISSION_BUILD_STATES)[number];

export const submissionBuildSchema = z.object({
  estado: z.enum(SUBMISSION_BUILD_STATES),
  anexosHechos: z.int().check(z.gte(0), z.lte(1000)),
  anexosTotal: z.int().check(z.gte(0), z.lte(1000)),
  /** Why it failed, in Spanish; null unless failed. */
  motivo: z.nullable(responseText(500)),
  aceptadoEl: isoDateTimeSchema,
});
export type SubmissionBuild = z.infer<typeof submissionBuildSchema>;

/** One numbered part of the sent bank file: part 1 starts with the letter (decision 0581). */
export const submissionPartSchema = z.object({
  numero: z.int().check(z.gte(1), z.lte(999)),
  bytes: z.int().check(z.gte(0)),
  /** What it carries, in Spanish: 'la carta y los anexos 1 a 4', 'anexo 5 (hojas 1 a 9 de 20)'. */
  contenido: responseText(2000),
});
export type SubmissionPart = z.infer<typeof submissionPartSchema>;

/** GET /api/expediente/envio: what will be sent, what is missing, or what was sent. */
export const submissionViewSchema = z.object({
  estado: z.enum(['borrador', 'enviado']),
  /** When the file was sent; null while it is a draft. */
  enviadoEl: z.nullable(isoDateTimeSchema),
  /** The bank the letter is addressed to (from the review), null if not chosen yet. */
  banco: z.nullable(responseText(200)),
  /** The code the application is made under, decided on the sending date by the rule table. */
  codigo: z.nullable(z.object({ id: z.enum(SUBMISSION_CODES), nombre: responseText(200) })),
  /** The measures the letter requests, in Spanish. */
  medidas: z.array(responseText(500)).check(z.maxLength(20)),
  documentos: z.array(submissionDocumentSchema).check(z.maxLength(300)),
  plan: z.nullable(z.object({ nombre: responseText(100), pagado: z.boolean() })),
  faltan: z.array(submissionMissingSchema).check(z.maxLength(300)),
  /** Once sent, the day (Spain's calendar) the firm presented the application to the bank. */
  presentadoAlBancoEl: z.nullable(isoDateSchema),
  /**
   * Once presented: the day by which the bank must answer, counted from the presentation (see
   * the status screen for its source). null before.
   */
  respuestaBancoAntesDe: z.nullable(isoDateSchema),
  /** The latest preparation of the bank file: in progress, failed (to retry) or ready; null if none. */
  preparacion: z.nullable(submissionBuildSchema),
  /** Once sent, the bank file's parts in order (one when it fits in one). */
  partes: z.array(submissionPartSchema).check(z.maxLength(999)),
});
export type SubmissionView = z.infer<typeof submissionViewSchema>;

/**
 * GET and POST /api/expediente/envio. A POST that starts (or finds) a preparation answers 202; one
 * that finds the file sent, 200; a refused one (409) carries `data.faltan`.
 */
export const submissionResponseSchema = z.object({ data: submissionViewSchema });

export const SUBMISSION_MESSAGES = {
  sent: 'Hemos recibido tu expediente. Lo revisaremos y lo presentaremos a tu banco.',
  incomplete: 'Aún falta algo para poder enviar tu expediente.',
  notSent: 'Tu expediente aún no se ha enviado.',
  reopened: 'Expediente reabierto: el cliente ya puede modificarlo.',
  notLocked: 'Este expediente no está enviado: no hay nada que reabrir.',
  presented: 'Presentación al banco registrada. Hemos enviado un correo al cliente con la fecha.',
  notPresentable:
    'Este expediente no está enviado: no se puede registrar su presentación al banco.',
  presentedInFuture: 'La fecha de presentación no puede ser posterior a hoy.',
  noSuchPart: 'El expediente enviado no tiene esa parte.',
} as const;

/** The refusal of a presentation day earlier than the day the client sent the file. */
export function presentedBeforeSendingMessage(sentOn: string): string {
  return `La fecha de presentación no puede ser anterior al envío del expediente (${formatDate(sentOn)}).`;
}

/** POST /api/gestion/leads/{leadId}/expediente/reabrir: staff reopen a sent file. */
export const submissionReopenRequestSchema = z.strictObject(
  {
    nota: requiredText(2000, {
      required: 'Escribe por qué se reabre el expediente',
      tooLong: 'La nota no puede tener más de 2000 caracteres',
    }),
  },
  { error: objectError },
);
export type SubmissionReopenRequest = z.infer<typeof submissionReopenRequestSchema>;

const PRESENTATION_DAY_MESSAGES = {
  required: 'Indica la fecha de presentación al banco',
  invalid: 'La fecha de presentación no es válida',
} as const;

/**
 * POST /api/gestion/leads/{leadId}/expediente/presentacion: the day the firm presented the
 * application to the bank. The server also checks it is neither before the sending nor after today.
 */
export const submissionPresentationRequestSchema = z.strictObject(
  {
    fecha: z.iso.date({
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? PRESENTATION_DAY_MESSAGES.required
          : PRESENTATION_DAY_MESSAGES.invalid,
    }),
  },
  { error: objectError },
);
export type SubmissionPresentationRequest = z.infer<typeof submissionPresentationRequestSchema>;

/** Path of the sent file's PDF (letter and annexes), for the client: its part 1. */
export const SUBMISSION_PDF_PATH = '/api/expediente/envio/pdf';

/** A part's number, as the download paths take it. */
export const submissionPartNumberSchema = z.int().check(z.gte(1), z.lte(999));

/** Path of one numbered part of the sent file, for the client. */
export function submissionPartPath(numero: number): string {
  return `/api/expediente/envio/partes/${String(submissionPartNumberSchema.parse(numero))}`;
}
