import {
  type BillingStatus,
  DECLARATION_DOCUMENT_ID,
  DECLARATION_MESSAGES,
  DECLARATION_NAME,
  type DocumentsOverview,
  findBank,
  FIRM,
  holderLabel,
  checklistEntryState,
  documentLink,
  documentPhrase,
  reviewedFileState,
  type CaseChecklistDocument,
  HOLDER_CATEGORIES,
  type ReviewForm,
  reviewFormFromValues,
  RULES,
  type SubmissionDocument,
  type SubmissionMissing,
  SUBMISSION_MESSAGES,
  NO_CASE_MESSAGE,
  NOT_QUALIFYING_TEXTS,
} from '@cbp/core';
import type { Executor } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { billingStatusOf } from '../billing/status';
import { latestCalculationFactsOf } from '../calculations/service';
import { documentsOverview } from '../documents/overview';
import { storedReviewOf, type StoredReview } from '../case-access/review-draft';
import { declarationStatusOf, type DeclarationStatus } from '../declaration/service';

const REVIEW_LINK = '/app/revisar-expediente';
const CALCULATOR_LINK = '/app';
const SEND_LINK = '/app/enviar-expediente';
const BILLING_LINK = '/app/honorarios';

/** Whose a document is, as the send screen and the annexes name it. */
const MORTGAGE_PERSONA = 'Hipoteca';
const HOUSEHOLD_PERSONA = 'Unidad familiar';
const RETRIEVED_PERSONA = 'Obtenido con Cl@ve';

/** A document of the file with the stored file it has now (null: nothing uploaded). */
export interface FileDocument extends SubmissionDocument {
  fileId: string | null;
  /** Checklist entries must have a file; retrieved ones are extra. */
  required: boolean;
  motivoRechazo: string | null;
}

/** What the file is made of right now: the review, the documents and the payment. */
export interface CaseFileState {
  review: StoredReview | null;
  /** The finished review read as the form, when it is finished and valid. */
  form: ReviewForm | null;
  documents: FileDocument[];
  billing: BillingStatus;
  /** The declaración responsable: the facts it states now and the one signed (decision 0641). */
  declaration: DeclarationStatus;
  /** What the newest calculation says: null without one (decision 0720). */
  qualifies: boolean | null;
}

/**
 * Where the declaration is grouped: the household's, as on the documents and status screens
 * (decision 0731); holder 1 signs it (decision 0640).
 */
export const DECLARATION_PERSONA = HOUSEHOLD_PERSONA;

/**
 * The declaration as the file's first document: with its signed PDF while that one states the
 * review's facts, without a file otherwise (its own message says what to do, not the checklist's).
 */
function declarationDocument(declaration: DeclarationStatus): FileDocument {
  const signed = declaration.valid ? declaration.signed : undefined;
  return {
    id: DECLARATION_DOCUMENT_ID,
    nombre: DECLARATION_NAME,
    persona: DECLARATION_PERSONA,
    estado: signed === undefined ? null : 'pendiente',
    // Signed is its whole story: the firm does not review it as an upload (decision 0671).
    situacion: signed === undefined ? 'sin-firmar' : 'firmada',
    fileId: signed?.id ?? null,
    required: false,
    motivoRechazo: null,
  };
}

/** The checklist (holders, then the mortgage) and then the retrieved files, in the letter's order. */
function fileDocuments(overview: DocumentsOverview): FileDocument[] {
  // Entries the situation no longer needs stay on the case but not in the bank's file; the
  // declaración responsable is the product's, checked where it is signed, and goes first.
  const entry = (document: CaseChecklistDocument, persona: string): FileDocument[] =>
    document.necesario
      ? [
          {
            id: document.id,
            nombre: document.nombre,
            persona,
            estado: document.archivo === null ? null : document.estado,
            situacion: checklistEntryState(document),
            fileId: document.archivo?.id ?? null,
            required: document.origen === 'subida' && document.obtenidoCon === null,
            motivoRechazo: document.motivoRechazo,
          },
        ]
      : [];
  return [
    ...overview.checklist.hogar.flatMap((document) => entry(document, HOUSEHOLD_PERSONA)),
    ...Object.entries(overview.checklist.holders).flatMap(([key, holder]) =>
      HOLDER_CATEGORIES.flatMap((category) =>
        holder[category].flatMap((document) => entry(document, holderLabel(key))),
      ),
    ),
    ...overview.checklist.hipoteca.flatMap((document) => entry(document, MORTGAGE_PERSONA)),
    ...overview.obtenidos.map((file) => ({
      id: `obtenido/${file.archivo.id}`,
      nombre: file.nombre,
      persona: RETRIEVED_PERSONA,
      estado: file.estado,
      situacion: reviewedFileState(file.estado),
      fileId: file.archivo.id,
      required: false,
      motivoRechazo: file.motivoRechazo,
    })),
  ];
}

export async function caseFileState(db: Executor, leadId: string): Promise<CaseFileState> {
  // One after the other: inside a transaction they share one connection.
  const review = await storedReviewOf(db, leadId);
  const overview = await documentsOverview(db, leadId);
  const billing = await billingStatusOf(db, leadId);
  const declaration = await declarationStatusOf(db, leadId);
  const { qualifies } = await latestCalculationFactsOf(db, leadId);
  if (overview === undefined) throw new ApiError(404, NO_CASE_MESSAGE);
  let form: ReviewForm | null = null;
  if (review?.finalizedAt != null) {
    const read = reviewFormFromValues(review.values);
    form = read.ok ? read.form : null;
  }
  // The product writes the declaration; a checklist entry for it is never an upload to ask for.
  // Documents the review's facts do not ask for are not needed and not sent (decision 0634).
  const documents = fileDocuments(overview).filter(
    (document) => document.id !== DECLARATION_DOCUMENT_ID,
  );
  return {
    review,
    form,
    documents: [declarationDocument(declaration), ...documents],
    billing,
    declaration,
    qualifies,
  };
}

/**
 * The bank the letter goes to: its name from the bank list, or as typed. Before the review is
 * finished the send screen names the bank chosen in the draft.
 */
export function bankName(typed: string | undefined): string | null {
  const chosen = typed?.trim() ?? '';
  if (chosen === '') return null;
  return findBank(chosen)?.nombre ?? chosen;
}

function shortened(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

function documentMissing(document: FileDocument): SubmissionMissing | null {
  if (!document.required) return null;
  const { phrase, plural } = documentPhrase(document);
  if (document.fileId === null) {
    return {
      tipo: 'documentos',
      mensaje: `${plural ? 'Faltan' : 'Falta'} ${phrase}.`,
      enlace: documentLink(document.id),
    };
  }
  if (document.estado !== 'rechazado') return null;
  const reason =
    document.motivoRechazo === null ? '' : `: ${shortened(document.motivoRechazo, 140)}`;
  const mensaje = `Necesitamos otro archivo para ${phrase}${reason}`;
  return {
    tipo: 'documentos',
    mensaje: /[.!?…]$/.test(mensaje) ? mensaje : `${mensaje}.`,
    enlace: documentLink(document.id),
  };
}

/** A file the person's own calculation rejects is not sent as a request under the code. */
function calculationMissing(state: CaseFileState): SubmissionMissing | null {
  if (state.qualifies !== false) return null;
  return { tipo: 'calculo', mensaje: NOT_QUALIFYING_TEXTS.noSubmission, enlace: CALCULATOR_LINK };
}

function reviewMissing(state: CaseFileState): SubmissionMissing | null {
  const missing = (mensaje: string): SubmissionMissing => ({
    tipo: 'revision',
    mensaje,
    enlace: REVIEW_LINK,
  });
  if (state.review === null) {
    return missing('Revisa los datos de tu expediente y pulsa «Finalizar revisión».');
  }
  if (state.review.finalizedAt === null) {
    return missing('Termina de revisar los datos de tu expediente y pulsa «Finalizar revisión».');
  }
  if (state.form === null) {
    return missing('Revisa los datos de tu expediente: alguno no es válido.');
  }
  if (bankName(state.form.bancoHipoteca) === null) {
    return missing(
      'Indica tu banco en la revisión del expediente (Datos Hipoteca): es a quien dirigimos la solicitud.',
    );
  }
  return null;
}

/** The declaration unsigned, or signed with facts the review no longer states. */
function declarationMissing(state: CaseFileState): SubmissionMissing | null {
  if (state.declaration.valid || state.declaration.facts === null) return null;
  return {
    tipo: 'declaracion',
    mensaje:
      state.declaration.signed === undefined
        ? DECLARATION_MESSAGES.missing
        : DECLARATION_MESSAGES.changed,
    enlace: SEND_LINK,
  };
}

function paymentMissing(billing: BillingStatus): SubmissionMissing | null {
  const missing = (mensaje: string): SubmissionMissing => ({
    tipo: 'pago',
    mensaje,
    enlace: BILLING_LINK,
  });
  const { min, max } = RULES.plans.transferProcessingHours;
  switch (billing.estado) {
    case 'confirmado':
      return null;
    case 'sin-contrato':
      return missing(
        'Elige tu plan y paga los honorarios para que podamos presentar tu expediente.',
      );
    case 'pendiente':
      return missing(
        billing.contrato?.metodo === 'transferencia'
          ? `Aún no nos consta el pago de tus honorarios. Si ya hiciste la transferencia, la confirmaremos en ${String(min)} a ${String(max)} horas.`
          : 'Aún no nos consta el pago de tus honorarios: termina el pago para que podamos presentar tu expediente.',
      );
    case 'desistido':
      return missing(
        `Desististe del contrato, así que no podemos presentar tu expediente. Si quieres retomarlo, escríbenos a ${FIRM.email}.`,
      );
    case 'reembolsado':
      return missing(
        `Te devolvimos los honorarios, así que no podemos presentar tu expediente. Si quieres retomarlo, escríbenos a ${FIRM.email}.`,
      );
  }
}

/**
 * What still stops the file from being sent (docs/decisions/0510-what-blocks-sending.md): the
 * review not finished (or without a bank), the declaración responsable not signed or no longer
 * matching the review (decision 0641), each checklist document without a file or rejected,
 * and a payment not confirmed. Each with its Spanish message and the screen that fixes it.
 */
export function missingOf(state: CaseFileState): SubmissionMissing[] {
  const review = reviewMissing(state);
  return [
    calculationMissing(state),
    review,
    review === null ? declarationMissing(state) : null,
    ...state.documents.map(documentMissing),
    paymentMissing(state.billing),
  ].filter((item): item is SubmissionMissing => item !== null);
}

/** What must be the same when the send is recorded as when its PDF was made. */
export function fingerprint(state: CaseFileState): string {
  return JSON.stringify({
    review: state.review?.updatedAt.toISOString() ?? null,
    finalized: state.review?.finalizedAt?.toISOString() ?? null,
    // The firm approving a file while it is built changes nothing sent; rejecting one does.
    documents: state.documents.map((document) => [
      document.id,
      document.fileId,
      document.estado === 'rechazado',
    ]),
    contract: state.billing.contrato?.id ?? null,
    payment: state.billing.estado,
  });
}

/** The refusal: led by the calculation's 'no' when that is what stops the file. */
export function incomplete(faltan: SubmissionMissing[]): ApiError {
  const rejected = faltan.some((item) => item.tipo === 'calculo');
  return new ApiError(
    409,
    rejected ? NOT_QUALIFYING_TEXTS.noSubmission : SUBMISSION_MESSAGES.incomplete,
    { data: { faltan } },
  );
}
