import {
  bankAnswerDeadline,
  type BillingStatus,
  type CaseStepState,
  CODE_NAMES,
  DECLARATION_DOCUMENT_ID,
  DECLARATION_MESSAGES,
  DECLARATION_NAME,
  type DocumentsOverview,
  findBank,
  FIRM,
  holderLabel,
  checklistDocumentArticle,
  checklistEntryState,
  documentLink,
  reviewedFileState,
  type CaseChecklistDocument,
  HOLDER_CATEGORIES,
  madridDay,
  presentedBeforeSendingMessage,
  type ReviewForm,
  reviewFormFromValues,
  RULES,
  type SubmissionDocument,
  type SubmissionMissing,
  SUBMISSION_MESSAGES,
  type SubmissionView,
  NO_CASE_MESSAGE,
  NOT_QUALIFYING_TEXTS,
  type EuriborMonth,
} from '@cbp/core';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor, Transaction } from '../../db/client';
import { caseHistory, caseSubmissions } from '../../db/schema';
import { ApiError, messages } from '../../lib/errors';
import { recordAudit, type AuditEvent } from '../audit/service';
import type { AccessClaims } from '../auth/access-token';
import { billingStatusOf } from '../billing/status';
import { phaseById, recordCaseMove } from '../case/phases';
import { leadRow, lockCase, sessionCase, type LeadRow } from '../case-access/access';
import { euriborInForce } from '../series/service';
import { type GracePackage, latestCalculationFactsOf } from '../calculations/service';
import { documentsOverview } from '../documents/overview';
import { enqueueMail } from '../mail/outbox';
import { storedReviewOf, type StoredReview } from '../review/draft-read';
import { declarationStatusOf, type DeclarationStatus } from '../declaration/service';
import { applicableCode, measuresFor, months } from './letter';
import {
  latestBuildOf,
  openSubmissionOf,
  type OpenSubmission,
  type SubmissionBuildRow,
} from '../case-access/lock';
import { partsOf, type StoredPart } from './parts';
import { filePresentedMail, fileReopenedMail } from './mails';

export const SUBMISSION_SERVER_MESSAGES = {
  changed:
    'Tu expediente ha cambiado mientras lo preparábamos para enviarlo. Revisa lo que vas a enviar y vuelve a pulsar «Enviar expediente».',
  staffNotSent: 'Este expediente no se ha enviado: no hay PDF que descargar.',
  /** The history note of the move the sending makes. */
  sentNote: 'Hemos recibido tu expediente completo y lo preparamos para presentarlo a tu banco.',
  /** The history note of the move back that reopening makes. */
  reopenedNote:
    'Tu expediente vuelve a esta fase mientras lo corriges. Cuando lo envíes de nuevo, lo presentaremos a tu banco.',
} as const;

const REVIEW_LINK = '/app/revisar-expediente';
const CALCULATOR_LINK = '/app';
const SEND_LINK = '/app/enviar-expediente';
const BILLING_LINK = '/app/honorarios';

/** Whose a document is, as the send screen and the annexes name it. */
const MORTGAGE_PERSONA = 'Hipoteca';
const HOUSEHOLD_PERSONA = 'Unidad familiar';
const RETRIEVED_PERSONA = 'Obtenido con Cl@ve';

/** A document of the file with the stored file it has now (null: nothing uploaded). */
interface FileDocument extends SubmissionDocument {
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

/** A name inside a sentence: 'Libro de familia' → 'libro de familia'; 'DNI/NIE' stays. */
function inSentence(name: string): string {
  return /^\p{Lu}\p{Ll}/u.test(name) ? `${name.charAt(0).toLowerCase()}${name.slice(1)}` : name;
}

/** 'las tres últimas nóminas del titular 2', 'el DNI/NIE del miembro 1 de la unidad familiar'. */
function documentPhrase(document: FileDocument): { phrase: string; plural: boolean } {
  const article = checklistDocumentArticle(document.id);
  const named = `${article} ${inSentence(document.nombre)}`;
  const owner = document.id.slice(0, document.id.indexOf('/'));
  const whose =
    owner === 'hipoteca'
      ? '(documentación de la hipoteca)'
      : owner === 'hogar'
        ? '(documentación del hogar)'
        : owner.startsWith('miembro')
          ? `del ${holderLabel(owner).toLowerCase()} de la unidad familiar`
          : `del ${holderLabel(owner).toLowerCase()}`;
  return { phrase: `${named} ${whose}`, plural: article === 'los' || article === 'las' };
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

function planOf(billing: BillingStatus): SubmissionView['plan'] {
  if (billing.contrato === null) return null;
  return {
    nombre: RULES.plans[billing.contrato.plan].nombre,
    pagado: billing.estado === 'confirmado',
  };
}

const publicDocument = ({
  id,
  nombre,
  persona,
  estado,
  situacion,
}: FileDocument): SubmissionDocument => ({
  id,
  nombre,
  persona,
  estado,
  situacion,
});

function draftView(
  state: CaseFileState,
  lead: LeadRow,
  day: string,
  euribor: EuriborMonth | null,
  package2012: GracePackage | null,
): SubmissionView {
  const code = applicableCode(lead.code, day);
  // No code and no measures are shown for a file the person's calculation rejects.
  const rejected = state.qualifies === false;
  return {
    estado: 'borrador',
    enviadoEl: null,
    banco: bankName(state.form?.bancoHipoteca ?? state.review?.values.bancoHipoteca),
    codigo: rejected ? null : { id: code, nombre: CODE_NAMES[code] },
    medidas: rejected ? [] : measuresFor(code, euribor, package2012),
    documentos: state.documents.map(publicDocument),
    plan: planOf(state.billing),
    faltan: missingOf(state),
    presentadoAlBancoEl: null,
    respuestaBancoAntesDe: null,
    preparacion: null,
    partes: [],
  };
}

/** The annexes as the submission row keeps them. */
const sentDocumentsSchema = z.array(
  z.object({ id: z.string(), nombre: z.string(), persona: z.string(), fileId: z.string() }),
);
const sentMeasuresSchema = z.array(z.string());

function sentView(row: OpenSubmission, state: CaseFileState): SubmissionView {
  const byFile = new Map(state.documents.map((document) => [document.fileId, document]));
  const sent = sentDocumentsSchema.safeParse(row.documents);
  const measures = sentMeasuresSchema.safeParse(row.measures);
  return {
    estado: 'enviado',
    enviadoEl: row.sentAt.toISOString(),
    banco: row.bank,
    codigo: { id: row.code, nombre: CODE_NAMES[row.code] },
    medidas: measures.success ? measures.data : [],
    documentos: (sent.success ? sent.data : []).map((document) => {
      const current = byFile.get(document.fileId);
      const estado = current?.estado ?? 'pendiente';
      return {
        id: document.id,
        nombre: document.nombre,
        persona: document.persona,
        estado,
        // A file the case no longer lists was sent as it was: read by its review.
        situacion: current?.situacion ?? reviewedFileState(estado),
      };
    }),
    plan: planOf(state.billing),
    faltan: [],
    presentadoAlBancoEl: row.presentedOn,
    respuestaBancoAntesDe:
      row.presentedOn === null ? null : bankAnswerDeadline(row.presentedOn).fechaLimite,
    preparacion: null,
    partes: partsOf(row).map((part) => ({
      numero: part.numero,
      bytes: part.bytes,
      contenido: part.contenido,
    })),
  };
}

function buildView(build: SubmissionBuildRow): NonNullable<SubmissionView['preparacion']> {
  return {
    estado: build.state,
    anexosHechos: build.annexesDone,
    anexosTotal: build.annexesTotal,
    motivo: build.state === 'fallido' ? build.reason : null,
    aceptadoEl: build.createdAt.toISOString(),
  };
}

/**
 * The file as the screen shows it: sent (with the build that made it), or a draft with the
 * preparation in progress or the one that failed, so its reason shows until the next try.
 */
export async function viewOf(ctx: AppContext, lead: LeadRow): Promise<SubmissionView> {
  const [open, state, build] = await Promise.all([
    openSubmissionOf(ctx.db, lead.id),
    caseFileState(ctx.db, lead.id),
    latestBuildOf(ctx.db, lead.id),
  ]);
  if (open !== null) {
    const made = build !== null && build.submissionId === open.id ? buildView(build) : null;
    return { ...sentView(open, state), preparacion: made };
  }
  const day = ctx.today();
  const { package2012 } = await latestCalculationFactsOf(ctx.db, lead.id);
  const draft = draftView(state, lead, day, await euriborInForce(ctx.db, day), package2012);
  const shown = build !== null && build.state !== 'listo' ? buildView(build) : null;
  return { ...draft, preparacion: shown };
}

/** GET /api/expediente/envio: what will be sent and what is missing, or what was sent. */
export async function submissionViewFor(
  ctx: AppContext,
  claims: AccessClaims,
): Promise<SubmissionView> {
  const { lead } = await sessionCase(ctx, claims);
  return viewOf(ctx, lead);
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

/** The part `numero` of a sent file, or a 404 in Spanish. */
function partNumbered(open: OpenSubmission, numero: number): StoredPart {
  const part = partsOf(open).find((candidate) => candidate.numero === numero);
  if (part === undefined) throw new ApiError(404, SUBMISSION_MESSAGES.noSuchPart);
  return part;
}

/** Part `numero` (1: the letter first) of the session's sent file (404 while it is not sent). */
export async function openSubmissionPart(ctx: AppContext, claims: AccessClaims, numero: number) {
  const { lead } = await sessionCase(ctx, claims);
  const open = await openSubmissionOf(ctx.db, lead.id);
  if (open === null) throw new ApiError(404, SUBMISSION_MESSAGES.notSent);
  const part = partNumbered(open, numero);
  return {
    part,
    fileName: submissionFileName(open, part.numero),
    content: await ctx.storage.get(part.storageKey),
  };
}

/**
 * The name a part is downloaded with: 'expediente-2026-11-26.pdf' when the file is one part,
 * 'expediente-2026-11-26-parte-2-de-3.pdf' otherwise.
 */
export function submissionFileName(submission: OpenSubmission, numero = 1): string {
  const day = madridDay(submission.sentAt);
  const total = partsOf(submission).length;
  return total === 1
    ? `expediente-${day}.pdf`
    : `expediente-${day}-parte-${String(numero)}-de-${String(total)}.pdf`;
}

/**
 * 'Enviar expediente' in the client's task list: done while a send stands, started once the
 * review is finished.
 */
export async function submissionStepState(
  ctx: AppContext,
  claims: AccessClaims,
): Promise<CaseStepState> {
  const { lead } = await sessionCase(ctx, claims);
  if ((await openSubmissionOf(ctx.db, lead.id)) !== null) return 'completado';
  const review = await storedReviewOf(ctx.db, lead.id);
  return review?.finalizedAt != null ? 'en-curso' : 'no-empezado';
}

/** GET /api/gestion/leads/{leadId}/expediente: the client's view of that case. */
export async function staffSubmissionView(
  ctx: AppContext,
  leadId: string,
): Promise<SubmissionView> {
  return viewOf(ctx, await leadRow(ctx.db, leadId));
}

/** A part of the sent file for the firm; each opening is audited before any byte leaves. */
export async function openSubmissionPartForStaff(
  ctx: AppContext,
  leadId: string,
  numero: number,
  audit: Omit<AuditEvent, 'action'>,
) {
  const lead = await leadRow(ctx.db, leadId);
  const open = await openSubmissionOf(ctx.db, lead.id);
  if (open === null) throw new ApiError(404, SUBMISSION_SERVER_MESSAGES.staffNotSent);
  const part = partNumbered(open, numero);
  const content = await ctx.storage.get(part.storageKey);
  try {
    await recordAudit(ctx.db, {
      ...audit,
      action: 'submission.viewed',
      subjectType: 'lead',
      subjectId: lead.id,
      after: { envio: open.id, parte: part.numero, sha256: part.sha256 },
    });
  } catch (error) {
    content.destroy();
    throw error;
  }
  return { part, fileName: submissionFileName(open, part.numero), content };
}

/**
 * Reopening undoes the sending's move: while the case's last move is the one the sending made,
 * the case goes back to the phase it came from. A case the firm has moved on since stays where
 * it is (docs/decisions/0540-reopening-moves-the-case-back.md).
 */
async function moveBackFromSending(
  tx: Transaction,
  lead: LeadRow,
  staffId: string,
  audit: Omit<AuditEvent, 'action'>,
): Promise<void> {
  if (lead.phaseId !== RULES.caseFile.phaseAfterSending) return;
  const [last] = await tx
    .select()
    .from(caseHistory)
    .where(eq(caseHistory.leadId, lead.id))
    .orderBy(desc(caseHistory.createdAt))
    .limit(1);
  const madeBySending =
    last !== undefined &&
    last.staffId === null &&
    last.toPhase === RULES.caseFile.phaseAfterSending &&
    last.note === SUBMISSION_SERVER_MESSAGES.sentNote;
  if (!madeBySending || last.fromPhase === null) return;
  const previous = await phaseById(tx, last.fromPhase);
  if (previous === undefined) return;
  const note = SUBMISSION_SERVER_MESSAGES.reopenedNote;
  await recordCaseMove(tx, { lead, phase: previous, note, staffId }, audit);
}

/**
 * POST /api/gestion/leads/{leadId}/expediente/reabrir: the firm reopens a sent file so the client
 * can change it (audited, and the client is told why by e-mail). A later send makes a new row.
 */
export async function reopenSubmission(
  ctx: AppContext,
  leadId: string,
  input: { nota: string; staffId: string },
  audit: Omit<AuditEvent, 'action'>,
): Promise<SubmissionView> {
  const lead = await leadRow(ctx.db, leadId);
  await ctx.db.transaction(async (tx) => {
    const locked = await lockCase(tx, lead.id);
    if (locked === undefined) throw new ApiError(404, messages.leadNotFound);
    const open = await openSubmissionOf(tx, lead.id);
    if (open === null) throw new ApiError(409, SUBMISSION_MESSAGES.notLocked);
    const reopenedAt = new Date();
    await tx
      .update(caseSubmissions)
      .set({ reopenedAt, reopenedBy: input.staffId, reopenNote: input.nota })
      .where(eq(caseSubmissions.id, open.id));
    await moveBackFromSending(tx, locked, input.staffId, audit);
    await recordAudit(tx, {
      ...audit,
      action: 'submission.reopened',
      subjectType: 'lead',
      subjectId: lead.id,
      before: { envio: open.id, enviadoEl: open.sentAt.toISOString() },
      after: { envio: open.id, reabiertoEl: reopenedAt.toISOString(), nota: input.nota },
    });
    await enqueueMail(tx, ctx.config.mailFrom, [
      {
        to: locked.email,
        mail: fileReopenedMail({
          nombre: locked.nombre,
          nota: input.nota,
          link: ctx.links.submission(),
        }),
      },
    ]);
  });
  ctx.mailEnqueued();
  return viewOf(ctx, lead);
}

function presentationRefused(message: string): ApiError {
  return new ApiError(400, message, { errors: { fecha: message } });
}

/**
 * POST /api/gestion/leads/{leadId}/expediente/presentacion: the firm records the day it presented
 * the sent file to the bank, from which the bank's month runs
 * (docs/decisions/0542-bank-deadline-from-presentation.md). Only while a send stands; the day is
 * neither before the sending (in Spain) nor after today. A later POST corrects it: the row keeps
 * the latest, the audit log every one, and the client is e-mailed each time the day changes.
 */
export async function recordPresentation(
  ctx: AppContext,
  leadId: string,
  input: { fecha: string; staffId: string },
  audit: Omit<AuditEvent, 'action'>,
): Promise<SubmissionView> {
  const lead = await leadRow(ctx.db, leadId);
  const changed = await ctx.db.transaction(async (tx) => {
    const locked = await lockCase(tx, lead.id);
    if (locked === undefined) throw new ApiError(404, messages.leadNotFound);
    const open = await openSubmissionOf(tx, lead.id);
    if (open === null) throw new ApiError(409, SUBMISSION_MESSAGES.notPresentable);
    const sentOn = madridDay(open.sentAt);
    if (input.fecha < sentOn) throw presentationRefused(presentedBeforeSendingMessage(sentOn));
    if (input.fecha > ctx.today()) {
      throw presentationRefused(SUBMISSION_MESSAGES.presentedInFuture);
    }
    // The same day again (a second press) changes nothing and tells no one twice.
    if (open.presentedOn === input.fecha) return false;
    const deadline = bankAnswerDeadline(input.fecha);
    const recordedAt = new Date();
    await tx
      .update(caseSubmissions)
      .set({
        presentedOn: input.fecha,
        presentedBy: input.staffId,
        presentedRecordedAt: recordedAt,
      })
      .where(eq(caseSubmissions.id, open.id));
    await recordAudit(tx, {
      ...audit,
      action: 'submission.presented',
      subjectType: 'lead',
      subjectId: lead.id,
      before: {
        envio: open.id,
        presentadoEl: open.presentedOn,
        respuestaAntesDe:
          open.presentedOn === null ? null : bankAnswerDeadline(open.presentedOn).fechaLimite,
      },
      after: {
        envio: open.id,
        presentadoEl: deadline.presentadoEl,
        respuestaAntesDe: deadline.fechaLimite,
        registradoEl: recordedAt.toISOString(),
      },
    });
    await enqueueMail(tx, ctx.config.mailFrom, [
      {
        to: locked.email,
        mail: filePresentedMail({
          nombre: locked.nombre,
          banco: open.bank,
          presentadoEl: deadline.presentadoEl,
          respuestaAntesDe: deadline.fechaLimite,
          plazo: months(deadline.plazoMeses),
          corrige: open.presentedOn !== null,
          statusLink: ctx.links.caseStatus(),
        }),
      },
    ]);
    return true;
  });
  if (changed) ctx.mailEnqueued();
  return viewOf(ctx, lead);
}
