import type { AuditEntry, AuditListResponse } from '@cbp/core';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { dayRange, escapeLike } from '../../lib/sql-filters';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditActorKind = (typeof auditLog.$inferInsert)['actorKind'];

export interface AuditEvent {
  actorKind: AuditActorKind;
  actorId?: string | null;
  actorEmail?: string | null;
  action: string;
  subjectType?: string | null;
  subjectId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/**
 * Appends one entry. Called inside the transaction that makes the change, so a change is never
 * made without its entry nor an entry written for a change that rolled back.
 */
export async function recordAudit(executor: Executor, event: AuditEvent): Promise<void> {
  await executor.insert(auditLog).values({
    actorKind: event.actorKind,
    actorId: event.actorId ?? null,
    actorEmail: event.actorEmail ?? null,
    action: event.action,
    subjectType: event.subjectType ?? null,
    subjectId: event.subjectId ?? null,
    before: event.before ?? null,
    after: event.after ?? null,
    ip: event.ip ?? null,
  });
}

/** The caller's address as the audit log keeps it. */
export function auditIp(request: FastifyRequest): string {
  return request.ip;
}

export async function listAudit(
  db: Database,
  query: {
    pagina: number;
    porPagina: number;
    accion?: string | undefined;
    actor?: string | undefined;
    desde?: string | undefined;
    hasta?: string | undefined;
  },
): Promise<AuditListResponse> {
  const conditions: SQL[] = [...dayRange(auditLog.at, query.desde, query.hasta)];
  if (query.accion !== undefined && query.accion !== '') {
    conditions.push(eq(auditLog.action, query.accion));
  }
  if (query.actor !== undefined && query.actor !== '') {
    const pattern = `%${escapeLike(query.actor)}%`;
    const actorMatch = or(ilike(auditLog.actorEmail, pattern), ilike(auditLog.ip, pattern));
    if (actorMatch !== undefined) conditions.push(actorMatch);
  }
  const where = conditions.length === 0 ? undefined : and(...conditions);
  const pagina = query.pagina;
  const porPagina = query.porPagina;
  const [rows, totals, actions] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(porPagina)
      .offset((pagina - 1) * porPagina),
    db.select({ total: count() }).from(auditLog).where(where),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  const entradas: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    fecha: row.at.toISOString(),
    actorTipo: row.actorKind,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    accion: row.action,
    objetoTipo: row.subjectType,
    objetoId: row.subjectId,
    antes: row.before,
    despues: row.after,
    ip: row.ip,
    caso: null,
    persona: null,
  }));
  return {
    entradas,
    total: totals[0]?.total ?? 0,
    pagina,
    porPagina,
    acciones: actions.map((row) => row.action).slice(0, 200),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function leadIn(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('lead' in value)) return null;
  const lead = value.lead;
  return typeof lead === 'string' && UUID.test(lead) ? lead : null;
}

/** The member of the firm's team an entry is about (an invitation, an activation); null otherwise. */
export function auditStaffRef(entry: Pick<AuditEntry, 'objetoTipo' | 'objetoId'>): string | null {
  return entry.objetoTipo === 'staff' && entry.objetoId !== null && UUID.test(entry.objetoId)
    ? entry.objetoId
    : null;
}

/**
 * Which case an entry is about: a lead named as its subject, the lead its payload names (a
 * document's entries carry it), or the account of a client (its cases are that person's).
 */
export function auditCaseRef(
  entry: Pick<AuditEntry, 'objetoTipo' | 'objetoId' | 'antes' | 'despues'>,
): { leadId: string } | { userId: string } | null {
  if (entry.objetoTipo === 'lead' && entry.objetoId !== null && UUID.test(entry.objetoId)) {
    return { leadId: entry.objetoId };
  }
  const named = leadIn(entry.despues) ?? leadIn(entry.antes);
  if (named !== null) return { leadId: named };
  if (entry.objetoTipo === 'user' && entry.objetoId !== null && UUID.test(entry.objetoId)) {
    return { userId: entry.objetoId };
  }
  return null;
}
