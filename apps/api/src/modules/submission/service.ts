import {
  bankAnswerDeadline,
  type BillingStatus,
  type CaseStepState,
  CODE_NAMES,
  reviewedFileState,
  madridDay,
  RULES,
  type SubmissionDocument,
  SUBMISSION_MESSAGES,
  type SubmissionView,
  type EuriborMonth,
} from '@cbp/core';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ApiError } from '../../lib/errors';
import type { AccessClaims } from '../../lib/access-token';
import { sessionCase, type LeadRow } from '../case-access/access';
import { euriborInForce } from '../series/service';
import { type GracePackage, latestCalculationFactsOf } from '../calculations/service';
import { storedReviewOf } from '../case-access/review-draft';
import { applicableCode, measuresFor } from './letter';
import {
  latestBuildOf,
  openSubmissionOf,
  type OpenSubmission,
  type SubmissionBuildRow,
} from '../case-access/lock';
import { partsOf, type StoredPart } from './parts';
import { bankName, type CaseFileState, caseFileState, type FileDocument, missingOf } from './state';

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

/** The part `numero` of a sent file, or a 404 in Spanish. */
export function partNumbered(open: OpenSubmission, numero: number): StoredPart {
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
