import type {
  LeadListResponse,
  LeadResult,
  LeadSortKey,
  StaffFaseComercial,
  StaffLeadDetail,
  StaffLeadSummary,
} from '@cbp/core';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { leadNotes, leads, staffMembers, users } from '../../db/schema';
import { ApiError, messages } from '../../lib/errors';
import { dayRange, escapeLike, isUuid } from '../../lib/sql-filters';
import { recordAudit, type AuditEvent } from '../audit/service';
import { leadRow } from '../case-access/access';

type LeadRow = typeof leads.$inferSelect;

export interface LeadFilters {
  resultado?: LeadResult | undefined;
  fase_comercial?: StaffFaseComercial | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
  q?: string | undefined;
}

export interface LeadPage extends LeadFilters {
  pagina: number;
  porPagina: number;
  orden: LeadSortKey;
  direccion: 'asc' | 'desc';
}

/**
 * Other leads of the same person: the same account, or the same e-mail or phone typed again
 * under another account (people mistype, share a phone with a partner, or come back later).
 */
// Written out in full: drizzle leaves the outer columns unqualified here, and inside the
// subquery an unqualified "id" would be the inner row's own.
const duplicates = sql<number>`(
  select count(*)::int from "leads" as other
  where other.id <> "leads"."id"
    and (other.user_id = "leads"."user_id"
      or lower(other.email) = lower("leads"."email")
      or other.telefono = "leads"."telefono")
)`;

function resultOf(row: Pick<LeadRow, 'cumpleRequisitos'>): LeadResult {
  if (row.cumpleRequisitos === null) return 'sin-datos';
  return row.cumpleRequisitos ? 'cumple' : 'no-cumple';
}

function summary(row: LeadRow, duplicados: number): StaffLeadSummary {
  return {
    id: row.id,
    personaId: row.userId,
    nombre: row.nombre,
    apellidos: row.apellidos,
    email: row.email,
    telefono: row.telefono,
    fase_comercial: row.fase_comercial,
    estado: row.estado,
    resultado: resultOf(row),
    porcentajeCuota: row.porcentajeCuota,
    creadoEl: row.createdAt.toISOString(),
    duplicados,
  };
}

function filtersOf(filters: LeadFilters): SQL | undefined {
  const conditions: SQL[] = [...dayRange(leads.createdAt, filters.desde, filters.hasta)];
  if (filters.resultado === 'cumple') conditions.push(eq(leads.cumpleRequisitos, true));
  if (filters.resultado === 'no-cumple') conditions.push(eq(leads.cumpleRequisitos, false));
  if (filters.resultado === 'sin-datos') conditions.push(isNull(leads.cumpleRequisitos));
  if (filters.fase_comercial !== undefined) {
    conditions.push(eq(leads.fase_comercial, filters.fase_comercial));
  }
  const q = filters.q?.trim();
  if (q !== undefined && q !== '') {
    const pattern = `%${escapeLike(q)}%`;
    const digits = q.replace(/[\s.\-()]/g, '');
    const match = or(
      ilike(sql`${leads.nombre} || ' ' || ${leads.apellidos}`, pattern),
      ilike(leads.email, pattern),
      ilike(leads.telefono, `%${escapeLike(digits)}%`),
    );
    if (match !== undefined) conditions.push(match);
  }
  return conditions.length === 0 ? undefined : and(...conditions);
}

const sortColumns = {
  creadoEl: leads.createdAt,
  nombre: sql`lower(${leads.nombre} || ' ' || ${leads.apellidos})`,
  email: sql`lower(${leads.email})`,
  fase_comercial: leads.fase_comercial,
  estado: leads.estado,
} as const;

export async function listLeads(db: Database, page: LeadPage): Promise<LeadListResponse> {
  const where = filtersOf(page);
  const direction = page.direccion === 'asc' ? asc : desc;
  const [rows, totals] = await Promise.all([
    db
      .select({ lead: leads, duplicados: duplicates })
      .from(leads)
      .where(where)
      // The id breaks ties, so a page never repeats or skips a row of equal keys.
      .orderBy(direction(sortColumns[page.orden]), direction(leads.id))
      .limit(page.porPagina)
      .offset((page.pagina - 1) * page.porPagina),
    db.select({ total: count() }).from(leads).where(where),
  ]);
  return {
    leads: rows.map((row) => summary(row.lead, row.duplicados)),
    total: totals[0]?.total ?? 0,
    pagina: page.pagina,
    porPagina: page.porPagina,
  };
}

/** Every lead the filters select, in the list's order, in batches (CSV export). */
export async function* allLeads(
  db: Database,
  page: Omit<LeadPage, 'pagina' | 'porPagina'>,
): AsyncGenerator<StaffLeadSummary> {
  const batch = 500;
  for (let pagina = 1; ; pagina += 1) {
    const { leads: rows } = await listLeads(db, { ...page, pagina, porPagina: batch });
    yield* rows;
    if (rows.length < batch) return;
  }
}

export async function staffLeadRecord(
  db: Database,
  leadId: string,
): Promise<{
  lead: StaffLeadDetail['lead'];
  otrosContactos: StaffLeadSummary[];
  notas: StaffLeadDetail['notas'];
}> {
  const row = await leadRow(db, leadId);
  const [account] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, row.userId));
  const others = await db
    .select({ lead: leads, duplicados: duplicates })
    .from(leads)
    .where(
      and(
        ne(leads.id, row.id),
        or(
          eq(leads.userId, row.userId),
          sql`lower(${leads.email}) = lower(${row.email})`,
          eq(leads.telefono, row.telefono),
        ),
      ),
    )
    .orderBy(desc(leads.createdAt))
    .limit(100);
  const notes = await db
    .select({ note: leadNotes, author: { id: staffMembers.id, nombre: staffMembers.nombre } })
    .from(leadNotes)
    .innerJoin(staffMembers, eq(staffMembers.id, leadNotes.staffId))
    .where(eq(leadNotes.leadId, row.id))
    .orderBy(desc(leadNotes.createdAt))
    .limit(500);
  const respuestas =
    typeof row.respuestas === 'object' && row.respuestas !== null && !Array.isArray(row.respuestas)
      ? (row.respuestas as Record<string, unknown>)
      : null;
  return {
    lead: {
      ...summary(row, others.length),
      tipocbp: row.tipocbp,
      respuestas,
      codigo: row.code,
      codigoCerrado: row.closedCode,
      fechaEvaluacion: row.evaluationDate,
      faseId: row.phaseId,
      cuenta: { tienePassword: account?.passwordHash != null },
      consentimiento: {
        aceptadoEl: row.privacyAcceptedAt.toISOString(),
        version: row.privacyPolicyVersion,
        ip: row.consentIp,
      },
    },
    otrosContactos: others.map((other) => summary(other.lead, other.duplicados)),
    notas: notes.map(({ note, author }) => ({
      id: note.id,
      fecha: note.createdAt.toISOString(),
      texto: note.text,
      autor: author,
    })),
  };
}

export async function setFaseComercial(
  db: Database,
  leadId: string,
  fase: StaffFaseComercial,
  audit: Omit<AuditEvent, 'action'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await moveFaseComercial(tx, leadId, fase, audit);
  });
}

/**
 * Moves a lead to a commercial phase inside the caller's transaction, with its audit entry;
 * nothing happens (and nothing is written) when the lead is already there. True when it moved.
 */
export async function moveFaseComercial(
  tx: Executor,
  leadId: string,
  fase: StaffFaseComercial,
  audit: Omit<AuditEvent, 'action'>,
): Promise<boolean> {
  const before = await leadRow(tx, leadId);
  if (before.fase_comercial === fase) return false;
  await tx.update(leads).set({ fase_comercial: fase }).where(eq(leads.id, leadId));
  await recordAudit(tx, {
    ...audit,
    action: 'lead.updated',
    subjectType: 'lead',
    subjectId: leadId,
    before: { fase_comercial: before.fase_comercial },
    after: { fase_comercial: fase },
  });
  return true;
}

export async function addLeadNote(
  db: Database,
  input: { leadId: string; staffId: string; text: string },
  audit: Omit<AuditEvent, 'action'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await leadRow(tx, input.leadId);
    const [note] = await tx
      .insert(leadNotes)
      .values({ leadId: input.leadId, staffId: input.staffId, text: input.text })
      .returning({ id: leadNotes.id });
    await recordAudit(tx, {
      ...audit,
      action: 'lead.note_added',
      subjectType: 'lead',
      subjectId: input.leadId,
      after: { nota: input.text, id: note?.id },
    });
  });
}

/** Whom the firm writes to about a case: the name on the lead and its account's e-mail. */
export async function caseClientContact(
  executor: Executor,
  leadId: string,
): Promise<{ nombre: string; email: string }> {
  if (!isUuid(leadId)) throw new ApiError(404, messages.leadNotFound);
  const [row] = await executor
    .select({ nombre: leads.nombre, email: users.email })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.userId))
    .where(eq(leads.id, leadId));
  if (row === undefined) throw new ApiError(404, messages.leadNotFound);
  return row;
}

/**
 * The client's name of each lead asked for, and of each account's newest lead: how the audit log
 * names the case an entry is about. Unknown ids are simply missing from the answer.
 */
export async function caseNames(
  db: Executor,
  refs: { leadIds: string[]; userIds: string[] },
): Promise<{
  byLead: Map<string, string>;
  byUser: Map<string, { leadId: string; nombre: string }>;
}> {
  const columns = {
    id: leads.id,
    userId: leads.userId,
    nombre: leads.nombre,
    apellidos: leads.apellidos,
  };
  const [named, owned] = await Promise.all([
    refs.leadIds.length === 0
      ? []
      : db.select(columns).from(leads).where(inArray(leads.id, refs.leadIds)),
    refs.userIds.length === 0
      ? []
      : db
          .select(columns)
          .from(leads)
          .where(inArray(leads.userId, refs.userIds))
          .orderBy(desc(leads.createdAt)),
  ]);
  const fullName = (row: { nombre: string; apellidos: string }) =>
    `${row.nombre} ${row.apellidos}`.trim();
  const byUser = new Map<string, { leadId: string; nombre: string }>();
  for (const row of owned) {
    if (!byUser.has(row.userId)) byUser.set(row.userId, { leadId: row.id, nombre: fullName(row) });
  }
  return { byLead: new Map(named.map((row) => [row.id, fullName(row)])), byUser };
}
