import { z } from '../zod';
import { documentEstadoSchema } from './documents';
import {
  isoDateSchema,
  isoDateTimeSchema,
  objectError,
  requiredText,
  responseText,
} from './fields';

/** What can stop the file from being sent, each with the screen that fixes it. */
export const SUBMISSION_MISSING_KINDS = ['revision', 'documentos', 'pago'] as const;
export type SubmissionMissingKind = (typeof SUBMISSION_MISSING_KINDS)[number];

export const submissionMissingSchema = z.object({
  tipo: z.enum(SUBMISSION_MISSING_KINDS),
  /** Spanish, for the person: 'Falta la nómina del titular 1'. */
  mensaje: responseText(300),
  /** Path of the private area where it is fixed: '/app/obtener-documentos'. */
  enlace: z.string().regex(/^\/app(?:\/[a-z0-9-]+)*(?:\?[a-zA-Z0-9=&%-]*)?$/),
});
export type SubmissionMissing = z.infer<typeof submissionMissingSchema>;

/** One document the file will carry (or lacks), with its review state. */
export const submissionDocumentSchema = z.object({
  id: responseText(200),
  nombre: responseText(200),
  /** Whose it is: 'Titular 1', 'Miembro 1', 'Hipoteca', 'Obtenido con Cl@ve'. */
  persona: responseText(100),
  /** null: nothing uploaded yet. */
  estado: documentEstadoSchema.nullable(),
});
export type SubmissionDocument = z.infer<typeof submissionDocumentSchema>;

export const SUBMISSION_CODES = ['cbp2012', 'cbp2022'] as const;
export type SubmissionCode = (typeof SUBMISSION_CODES)[number];

/** GET /api/expediente/envio: what will be sent, what is missing, or what was sent. */
export const submissionViewSchema = z.object({
  estado: z.enum(['borrador', 'enviado']),
  /** When the file was sent; null while it is a draft. */
  enviadoEl: isoDateTimeSchema.nullable(),
  /** The bank the letter is addressed to (from the review), null if not chosen yet. */
  banco: responseText(200).nullable(),
  /** The code the application is made under, decided on the sending date by the rule table. */
  codigo: z.object({ id: z.enum(SUBMISSION_CODES), nombre: responseText(200) }).nullable(),
  /** The measures the letter requests, in Spanish. */
  medidas: z.array(responseText(500)).max(20),
  documentos: z.array(submissionDocumentSchema).max(300),
  plan: z.object({ nombre: responseText(100), pagado: z.boolean() }).nullable(),
  faltan: z.array(submissionMissingSchema).max(300),
  /** Once sent: the day by which the bank must answer (see the status screen for its source). */
  respuestaBancoAntesDe: isoDateSchema.nullable(),
});
export type SubmissionView = z.infer<typeof submissionViewSchema>;

/** GET and POST /api/expediente/envio. A refused POST (409) carries `data.faltan`. */
export const submissionResponseSchema = z.object({ data: submissionViewSchema });

export const SUBMISSION_MESSAGES = {
  sent: 'Hemos recibido tu expediente. Lo revisaremos y lo presentaremos a tu banco.',
  incomplete: 'Aún falta algo para poder enviar tu expediente.',
  notSent: 'Tu expediente aún no se ha enviado.',
  reopened: 'Expediente reabierto: el cliente ya puede modificarlo.',
  notLocked: 'Este expediente no está enviado: no hay nada que reabrir.',
} as const;

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

/** Path of the sent file's PDF (letter and annexes), for the client. */
export const SUBMISSION_PDF_PATH = '/api/expediente/envio/pdf';
