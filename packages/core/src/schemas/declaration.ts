import { z } from '../zod';
import { contractSignatureSchema } from './signature';
import { isoDateTimeSchema, objectError, responseText } from './fields';

/**
 * The checklist's entry for the declaración responsable (RDL 6/2012, art. 3.3.d): the product
 * writes it from the finished review and the latest calculation, and the client signs it; it is
 * never uploaded.
 */
export const DECLARATION_DOCUMENT_ID = 'hogar/declaracion-responsable';
export const DECLARATION_NAME = 'Declaración responsable';

export const DECLARATION_PATH = '/api/expediente/declaracion';
export const DECLARATION_PDF_PATH = '/api/expediente/declaracion/pdf';

/**
 * Where the declaration stands (docs/decisions/0641-declaration-bound-to-the-review.md):
 * it cannot be signed while the review is not finished ('no-disponible'), it waits for the
 * signature ('sin-firmar'), it is signed and says what the review says ('firmada'), or it was
 * signed but the review or the calculation changed since ('desactualizada'), so it must be signed
 * again.
 */
export const DECLARATION_STATES = [
  'no-disponible',
  'sin-firmar',
  'firmada',
  'desactualizada',
] as const;
export type DeclarationState = (typeof DECLARATION_STATES)[number];

export const DECLARATION_MESSAGES = {
  reviewNotFinished:
    'Termina de revisar los datos de tu expediente y pulsa «Finalizar revisión»: la declaración responsable se prepara con ellos.',
  reviewInvalid: 'Revisa los datos de tu expediente: alguno no es válido.',
  changed:
    'Los datos de tu expediente han cambiado desde que firmaste la declaración responsable. Léela de nuevo y fírmala otra vez.',
  changedWhileSigning:
    'Los datos de tu expediente han cambiado mientras firmabas. Lee de nuevo la declaración responsable y vuelve a firmarla.',
  notSigned: 'Aún no has firmado la declaración responsable.',
  missing: 'Firma la declaración responsable: la enviamos a tu banco con tu expediente.',
  signed: 'Declaración responsable firmada.',
} as const;

/** POST /api/expediente/declaracion: the signature, drawn or typed, as for the contract. */
export const declarationSignRequestSchema = z.strictObject(
  {
    firma: contractSignatureSchema,
    /**
     * SHA-256 of the statements the screen showed (`huella` of the GET): a declaration that
     * changed meanwhile is refused instead of signing what the person did not read.
     */
    huella: z
      .string()
      .check(z.regex(/^[0-9a-f]{64}$/, { error: DECLARATION_MESSAGES.changedWhileSigning })),
  },
  { error: objectError },
);
export type DeclarationSignRequest = z.infer<typeof declarationSignRequestSchema>;

const sha256Schema = z.string().check(z.regex(/^[0-9a-f]{64}$/));

/** GET /api/expediente/declaracion: what the person signs, and where it stands. */
export const declarationViewSchema = z.object({
  estado: z.enum(DECLARATION_STATES),
  /** Why it cannot be signed yet, in Spanish; null when it can. */
  motivo: z.nullable(responseText(300)),
  /** The declaration's text as the PDF writes it, paragraph by paragraph; empty when unavailable. */
  texto: z.array(responseText(3000)).check(z.maxLength(80)),
  /** SHA-256 of the facts the text states, sent back when signing. null when unavailable. */
  huella: z.nullable(sha256Schema),
  /** The signature in force (even if outdated); null if never signed. */
  firmadaEn: z.nullable(isoDateTimeSchema),
  /** SHA-256 of the signed PDF, as the audit log keeps it. */
  sha256: z.nullable(sha256Schema),
});
export type DeclarationView = z.infer<typeof declarationViewSchema>;

export const declarationResponseSchema = z.object({ data: declarationViewSchema });
