import { z } from '../zod';
import { CHECKLIST_SLUGS, DOCUMENT_ESTADOS, DOCUMENT_SOURCES } from '../documents/catalogue';
import { RULES } from '../rules';
import {
  hasOnlyVisibleText,
  isoDateTimeSchema,
  objectError,
  responseText,
  TEXT_CHARACTERS_MESSAGE,
  withoutHiddenCharacters,
} from './fields';

export const documentEstadoSchema = z.enum(DOCUMENT_ESTADOS, {
  error: 'El estado del documento no es válido',
});

/**
 * What one case may keep stored, counting every file whose bytes are kept (current files,
 * retrieved ones, and replaced ones the firm reviewed or that went in a sent file): a household
 * of six people with the whole checklist (39 entries) and every file replaced once after a
 * review is about 80 files of a few megabytes, and a 50 MB deed scan or two fit beside them.
 * Without a limit, 100 uploads an hour of 50 MB each could fill the disk (decision 0590).
 */
export const DOCUMENT_QUOTA = {
  maxBytes: 1024 * 1024 * 1024,
  maxFiles: 300,
} as const;

/** The limit as a person reads it: '1 GB y 300 archivos'. */
function quotaWords(quota: { maxBytes: number; maxFiles: number }): string {
  const megabytes = quota.maxBytes / (1024 * 1024);
  const size =
    megabytes >= 1024
      ? `${String(Math.round((megabytes / 1024) * 10) / 10).replace('.', ',')} GB`
      : `${String(Math.max(1, Math.round(megabytes)))} MB`;
  return `${size} y ${String(quota.maxFiles)} archivos`;
}

/** The answer when a file does not fit in what the case may keep (decision 0590). */
export function quotaReachedMessage(
  quota: { maxBytes: number; maxFiles: number } = DOCUMENT_QUOTA,
): string {
  return `Este archivo no cabe: tu expediente ha llegado al límite de documentos guardados (${quotaWords(quota)}). Sustituye un archivo que ya hayas subido y que el despacho no haya revisado (el anterior se borra) o contacta con el despacho.`;
}

/** The spec's message for a file above the upload limit. */
export function fileTooLargeMessage(fileName: string): string {
  return `El archivo ${fileName} excede el límite de ${RULES.documents.maxFileMegabytes}MB`;
}

export const checklistFileSchema = z
  .object({
    name: z
      .string({ error: 'Falta el nombre del archivo' })
      .check(
        z.minLength(1, { error: 'Falta el nombre del archivo' }),
        z.maxLength(255, { error: 'El nombre del archivo es demasiado largo' }),
      ),
    size: z
      .int({ error: 'El tamaño del archivo no es válido' })
      .check(z.nonnegative({ error: 'El tamaño del archivo no es válido' })),
  })
  .check((ctx) => {
    if (ctx.value.size > RULES.documents.maxFileBytes) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value.size,
        path: ['size'],
        message: fileTooLargeMessage(ctx.value.name),
      });
    }
  });

/* ---------------------------------------------------------------------------------------------
 * The case's documents as the server keeps them (GET /api/documents and the staff's view).
 * ------------------------------------------------------------------------------------------- */

/** The tus endpoint for uploads (POST to create, PATCH to send, HEAD to resume). */
export const UPLOAD_PATH = '/api/uploads';

export const STORED_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type StoredMimeType = (typeof STORED_MIME_TYPES)[number];

export const DOCUMENT_ORIGINS = ['subida', 'obtenido'] as const;
export type DocumentOrigin = (typeof DOCUMENT_ORIGINS)[number];

/** The spec's toasts and the server's answers about documents, word for word where the spec has them. */
export const DOCUMENT_MESSAGES = {
  uploading: (fileName: string) => `Subiendo ${fileName}...`,
  uploaded: (documentName: string) => `¡${documentName} subido correctamente!`,
  uploadFailed: (fileName: string) => `Error al subir ${fileName}`,
  delivered: 'Documentación enviada correctamente',
  nothingToDeliver: 'Sube al menos un documento antes de finalizar.',
  unknownDocument: 'Ese documento no está en tu lista de documentos.',
  notFound: 'No encontramos ese documento.',
  rejectReasonRequired: 'Indica por qué se rechaza el documento',
  rejectReasonTooLong: 'El motivo no puede tener más de 500 caracteres',
  alreadyReviewed: 'Este archivo ha sido sustituido por otro: revisa el nuevo.',
  replacedAndDeleted:
    'Este archivo se sustituyó por otro antes de que el despacho lo revisara y ya no se guarda.',
} as const;

/**
 * A checklist entry id: `{holderKey}/{slug}`, `hogar/{slug}` or `hipoteca/{slug}`, of a slug a
 * checklist has or had (former slots keep their files: decision 0634).
 */
export const CHECKLIST_DOCUMENT_ID_PATTERN = new RegExp(
  `^(?:(?:[1-9]\\d?|miembro-[1-9]\\d?)/(?:${CHECKLIST_SLUGS.persona.join('|')})|hogar/(?:${CHECKLIST_SLUGS.hogar.join('|')})|hipoteca/(?:${CHECKLIST_SLUGS.hipoteca.join('|')}))$`,
);

export const checklistDocumentIdSchema = z
  .string({ error: DOCUMENT_MESSAGES.unknownDocument })
  .check(z.regex(CHECKLIST_DOCUMENT_ID_PATTERN, { error: DOCUMENT_MESSAGES.unknownDocument }));

/**
 * The tus Upload-Metadata of an upload (each value base64 in the header): the checklist entry
 * and the name the person's file had. The browser's type is not sent: the server decides by content.
 */
export const uploadMetadataSchema = z.object({
  documentId: checklistDocumentIdSchema,
  /**
   * The name the person's device gave the file: invisible and control characters are removed
   * rather than refused (decision 0591), so an odd name never stops an upload.
   */
  filename: z.pipe(
    z
      .string({ error: 'Falta el nombre del archivo' })
      .check(
        z.minLength(1, { error: 'Falta el nombre del archivo' }),
        z.maxLength(255, { error: 'El nombre del archivo es demasiado largo' }),
      ),
    z.transform((name) => withoutHiddenCharacters(name).trim() || 'documento'),
  ),
});
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

/** A stored file: what the client may download and the firm reviews. */
export const storedFileSchema = z.object({
  /** The file's id: GET /api/documents/files/{id}/content downloads it. */
  id: z.uuid(),
  name: responseText(255),
  size: z.int().check(z.nonnegative()),
  mimeType: z.enum(STORED_MIME_TYPES),
  subidoEn: isoDateTimeSchema,
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/** A stored file's id as it goes in a path; anything else is refused before it is sent. */
export const storedFileIdSchema = z.uuid({ error: DOCUMENT_MESSAGES.notFound });

/** Where a stored file's bytes are downloaded from. */
export function documentContentPath(fileId: string): string {
  return `/api/documents/files/${encodeURIComponent(fileId)}/content`;
}

/** One checklist entry on the server: the current file, its review and, when rejected, why. */
export const caseChecklistDocumentSchema = z.object({
  id: checklistDocumentIdSchema,
  nombre: responseText(200),
  archivo: z.nullable(storedFileSchema),
  estado: documentEstadoSchema,
  motivoRechazo: z.nullable(responseText(500)),
  /** One line: why the law asks for it and where to get it. */
  motivo: responseText(300),
  /** 'producto': the product produces it (the declaración responsable); nothing is uploaded. */
  origen: z.enum(DOCUMENT_SOURCES),
  /** False: the situation no longer needs it; its file stays on the case (decision 0634). */
  necesario: z.boolean(),
  /** The retrieved documents that fill it ('Certificado de imputaciones del IRPF 2025'); null if none. */
  obtenidoCon: z.nullable(responseText(600)),
});
export type CaseChecklistDocument = z.infer<typeof caseChecklistDocumentSchema>;

const holderKeyOnlySchema = z.string().check(z.regex(/^(?:[1-9]\d?|miembro-[1-9]\d?)$/));

export const caseChecklistSchema = z.object({
  holders: z.record(
    holderKeyOnlySchema,
    z.object({
      personal: z.array(caseChecklistDocumentSchema).check(z.maxLength(20)),
      laboral: z.array(caseChecklistDocumentSchema).check(z.maxLength(20)),
    }),
  ),
  /** Asked once for the whole household (padrón, libro de familia, declaración responsable…). */
  hogar: z.array(caseChecklistDocumentSchema).check(z.maxLength(30)),
  hipoteca: z.array(caseChecklistDocumentSchema).check(z.maxLength(20)),
});
export type CaseChecklist = z.infer<typeof caseChecklistSchema>;

/** A document the provider retrieved with the client's Cl@ve PIN, stored like an upload. */
export const retrievedFileSchema = z.object({
  /** The spec's model (HACIENDA_RENTA...) or the provider's type when it is not one of ours. */
  tipo_documento: responseText(100),
  /** Tax year, when the model has one. */
  ejercicio: z.nullable(z.int()),
  /** Spanish name for the person: 'Declaración de la Renta 2025'. */
  nombre: responseText(200),
  archivo: storedFileSchema,
  estado: documentEstadoSchema,
  motivoRechazo: z.nullable(responseText(500)),
});
export type RetrievedFile = z.infer<typeof retrievedFileSchema>;

export const documentsOverviewSchema = z.object({
  numeroTitulares: z.int().check(z.gte(1)),
  miembrosUnidadFamiliar: z.int().check(z.gte(1)),
  checklist: caseChecklistSchema,
  /**
   * True while the review does not yet say each person's income, relationship, age or
   * disability: the checklist asks only what does not depend on them until it does.
   */
  datosPendientes: z.boolean(),
  obtenidos: z.array(retrievedFileSchema).check(z.maxLength(200)),
  /** When the client last pressed 'Finalizar subida de documentos'; null if never. */
  entregadoEn: z.nullable(isoDateTimeSchema),
  /** When the client sent the file: it stays locked until the firm reopens it; null otherwise. */
  enviadoEn: z.nullable(isoDateTimeSchema),
});
export type DocumentsOverview = z.infer<typeof documentsOverviewSchema>;

/** GET /api/documents (client) and GET /api/gestion/leads/{leadId}/documents (staff). */
export const documentsOverviewResponseSchema = z.object({ data: documentsOverviewSchema });

/** The body of the last PATCH of a tus upload when the server kept the file. */
export const uploadResultSchema = z.object({
  data: z.object({ documento: caseChecklistDocumentSchema }),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** POST /api/documents/entrega: 'Finalizar subida de documentos'. */
export const deliveryResponseSchema = z.object({
  message: responseText(200),
  data: z.object({
    entregadoEn: isoDateTimeSchema,
    /** Names of the checklist entries still without a file ('DNI/NIE (Titular 2)'). */
    faltan: z.array(responseText(300)).check(z.maxLength(400)),
  }),
});
export type DeliveryResponse = z.infer<typeof deliveryResponseSchema>;

export const DOCUMENT_REVIEW_DECISIONS = ['aprobado', 'rechazado'] as const;

/** POST /api/gestion/documents/{fileId}/review: the firm approves or rejects one file. */
export const documentReviewRequestSchema = z
  .strictObject(
    {
      estado: z.enum(DOCUMENT_REVIEW_DECISIONS, { error: 'Elige aprobar o rechazar' }),
      motivo: z.optional(
        z.string({ error: DOCUMENT_MESSAGES.rejectReasonRequired }).check(
          z.overwrite((value) => value.normalize('NFC').replace(/\r\n?/g, '\n')),
          z.trim(),
          z.maxLength(500, { error: DOCUMENT_MESSAGES.rejectReasonTooLong }),
          // Line breaks are the one control character a reason keeps (decision 0313).
          z.refine((value) => hasOnlyVisibleText(value.replaceAll('\n', ' ')), {
            error: TEXT_CHARACTERS_MESSAGE,
            abort: true,
          }),
        ),
      ),
    },
    { error: objectError },
  )
  .check((ctx) => {
    if (ctx.value.estado === 'rechazado' && (ctx.value.motivo ?? '').length === 0) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value.motivo,
        path: ['motivo'],
        message: DOCUMENT_MESSAGES.rejectReasonRequired,
      });
    }
  });
export type DocumentReviewRequest = z.infer<typeof documentReviewRequestSchema>;

/** What the firm is told after a review. */
export const DOCUMENT_REVIEW_MESSAGES = {
  approved: 'Documento aprobado.',
  rejected: 'Documento rechazado. Hemos enviado un correo al cliente con el motivo.',
  /** The server's refusal of a decision the file already has (409): nothing changes. */
  alreadyApproved: 'Este documento ya está aprobado: no hay nada que cambiar.',
  alreadyRejected:
    'Este documento ya está rechazado y el cliente tiene el motivo: espera a que suba otro archivo.',
} as const;

/** One file's review as it stands after POST /api/gestion/documents/{fileId}/review. */
export const documentReviewSchema = z.object({
  /** The checklist entry of an upload ('1/dni-nie'); null for a retrieved file. */
  documentoId: z.nullable(checklistDocumentIdSchema),
  archivo: storedFileSchema,
  estado: documentEstadoSchema,
  motivoRechazo: z.nullable(responseText(500)),
  revisadoEn: z.nullable(isoDateTimeSchema),
});
export type DocumentReview = z.infer<typeof documentReviewSchema>;

export const documentReviewResponseSchema = z.object({
  message: responseText(200),
  data: documentReviewSchema,
});
export type DocumentReviewResponse = z.infer<typeof documentReviewResponseSchema>;
