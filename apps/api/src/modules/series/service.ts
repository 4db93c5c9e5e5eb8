import {
  EURIBOR_SEED,
  type EuriborAddRequest,
  type EuriborEntry,
  type EuriborMonth,
  euriborLabel,
  euriborMonthOn,
  euriborWarningFor,
  type IpremAddRequest,
  type IpremEntry,
  type IpremValue,
  IPREM_SEED,
  SERIES_MESSAGES,
  type SeriesResponse,
} from '@cbp/core';
import { desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { euriborMonths, ipremYears, staffMembers } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { recordAudit, type AuditEvent } from '../audit/service';

/**
 * The Euribor and IPREM series the law's figures depend on (decision 0620). Rows are only ever
 * inserted: a correction is a new row that supersedes the value in force (decision 0621).
 */

type EuriborRow = typeof euriborMonths.$inferSelect;
type IpremRow = typeof ipremYears.$inferSelect;

const toThousandths = (percent: number) => Math.round(percent * 1000);
const toCents = (euros: number) => Math.round(euros * 100);

/** The rows no later row supersedes: the value in force of each period. */
function inForce<T extends { id: number; supersedes: number | null }>(rows: readonly T[]): T[] {
  const superseded = new Set(rows.map((row) => row.supersedes).filter((id) => id !== null));
  return rows.filter((row) => !superseded.has(row.id));
}

const euriborOf = (row: EuriborRow): EuriborMonth => ({
  mes: row.month,
  porcentaje: row.thousandths / 1000,
  referencia: row.reference,
});

const ipremOfRow = (row: IpremRow): IpremValue => ({
  anio: row.year,
  mensual: row.monthlyCents / 100,
  anual12: row.annual12Cents / 100,
  anual14: row.annual14Cents / 100,
  referencia: row.reference,
});

/**
 * Loads core's seed into empty periods, at every start. A period that already has a row is left
 * alone (its value is the firm's to correct), so this is safe to run from several instances.
 */
export async function seedSeries(db: Database): Promise<void> {
  await db
    .insert(euriborMonths)
    .values(
      EURIBOR_SEED.map((month) => ({
        month: month.mes,
        thousandths: toThousandths(month.porcentaje),
        reference: month.referencia,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(ipremYears)
    .values(
      IPREM_SEED.map((year) => ({
        year: year.anio,
        monthlyCents: toCents(year.mensual),
        annual12Cents: toCents(year.anual12),
        annual14Cents: toCents(year.anual14),
        reference: year.referencia,
      })),
    )
    .onConflictDoNothing();
}

/** The Euribor value in force of every month, as core's lookups take it. */
export async function euriborSeries(db: Executor): Promise<EuriborMonth[]> {
  return inForce(await db.select().from(euriborMonths)).map(euriborOf);
}

/** The IPREM in force of every year. */
export async function ipremSeries(db: Executor): Promise<IpremValue[]> {
  return inForce(await db.select().from(ipremYears)).map(ipremOfRow);
}

/** The Euribor month in force on `day` (the latest month on or before it), or null. */
export async function euriborInForce(db: Executor, day: string): Promise<EuriborMonth | null> {
  return euriborMonthOn(await euriborSeries(db), day);
}

function entryFields(
  row: { id: number; supersedes: number | null; reference: string; createdAt: Date },
  superseded: ReadonlySet<number>,
  author: { nombre: string; email: string } | null,
) {
  return {
    id: row.id,
    referencia: row.reference,
    sustituye: row.supersedes,
    sustituida: superseded.has(row.id),
    anadidoPor: author,
    creado: row.createdAt.toISOString(),
  };
}

const supersededIds = (rows: readonly { supersedes: number | null }[]) =>
  new Set(rows.map((row) => row.supersedes).filter((id) => id !== null));

/** Both series for the back-office, newest period first, and the Euribor warning on `day`. */
export async function listSeries(db: Executor, day: string): Promise<SeriesResponse> {
  const author = { nombre: staffMembers.nombre, email: staffMembers.email };
  const [euribor, iprem] = await Promise.all([
    db
      .select({ row: euriborMonths, author })
      .from(euriborMonths)
      .leftJoin(staffMembers, eq(staffMembers.id, euriborMonths.addedBy))
      .orderBy(desc(euriborMonths.month), desc(euriborMonths.id)),
    db
      .select({ row: ipremYears, author })
      .from(ipremYears)
      .leftJoin(staffMembers, eq(staffMembers.id, ipremYears.addedBy))
      .orderBy(desc(ipremYears.year), desc(ipremYears.id)),
  ]);
  const euriborSuperseded = supersededIds(euribor.map(({ row }) => row));
  const ipremSuperseded = supersededIds(iprem.map(({ row }) => row));
  const euriborEntries: EuriborEntry[] = euribor.map(({ row, author: by }) => ({
    ...entryFields(row, euriborSuperseded, by),
    mes: row.month,
    porcentaje: row.thousandths / 1000,
  }));
  const ipremEntries: IpremEntry[] = iprem.map(({ row, author: by }) => ({
    ...entryFields(row, ipremSuperseded, by),
    ...ipremOfRow(row),
  }));
  const current = inForce(euribor.map(({ row }) => row)).map(euriborOf);
  return { euribor: euriborEntries, iprem: ipremEntries, aviso: euriborWarningFor(current, day) };
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && current.code === '23505') return true;
  }
  return false;
}

const conflict = (field: string, message: string) =>
  new ApiError(409, message, { errors: { [field]: message } });

type Actor = Omit<AuditEvent, 'action'> & { actorId: string };

/**
 * Adds a month's official Euribor, or with `correccion` a new value that supersedes the one in
 * force; a month that already has one is refused unless it is a correction. Audited.
 */
export async function addEuriborMonth(
  db: Database,
  request: EuriborAddRequest,
  actor: Actor,
): Promise<void> {
  const thousandths = toThousandths(request.porcentaje);
  try {
    await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(euriborMonths)
        .where(eq(euriborMonths.month, request.mes));
      const [current] = inForce(rows);
      if (current !== undefined && !request.correccion) {
        throw conflict('mes', SERIES_MESSAGES.monthExists(euriborLabel(euriborOf(current))));
      }
      if (current === undefined && request.correccion) {
        throw conflict('correccion', SERIES_MESSAGES.nothingToCorrect);
      }
      if (
        current !== undefined &&
        current.thousandths === thousandths &&
        current.reference === request.referencia
      ) {
        throw conflict('porcentaje', SERIES_MESSAGES.sameValue);
      }
      const [inserted] = await tx
        .insert(euriborMonths)
        .values({
          month: request.mes,
          thousandths,
          reference: request.referencia,
          supersedes: current?.id ?? null,
          addedBy: actor.actorId,
        })
        .returning();
      if (inserted === undefined) throw new Error('euribor insert returned no row');
      await recordAudit(tx, {
        ...actor,
        action: current === undefined ? 'series.euribor_added' : 'series.euribor_corrected',
        subjectType: 'euribor',
        subjectId: request.mes,
        before: current === undefined ? null : euriborOf(current),
        after: euriborOf(inserted),
      });
    });
  } catch (error) {
    // Two people adding the same month at once: the second meets the unique index.
    if (!(error instanceof ApiError) && isUniqueViolation(error)) {
      throw conflict('mes', SERIES_MESSAGES.monthExists(request.mes));
    }
    throw error;
  }
}

/** Adds a year's IPREM, or with `correccion` a value that supersedes the one in force. Audited. */
export async function addIpremYear(
  db: Database,
  request: IpremAddRequest,
  actor: Actor,
): Promise<void> {
  const values = {
    year: request.anio,
    monthlyCents: toCents(request.mensual),
    annual12Cents: toCents(request.anual12),
    annual14Cents: toCents(request.anual14),
    reference: request.referencia,
  };
  try {
    await db.transaction(async (tx) => {
      const rows = await tx.select().from(ipremYears).where(eq(ipremYears.year, request.anio));
      const [current] = inForce(rows);
      if (current !== undefined && !request.correccion) {
        throw conflict('anio', SERIES_MESSAGES.yearExists(request.anio));
      }
      if (current === undefined && request.correccion) {
        throw conflict('correccion', SERIES_MESSAGES.nothingToCorrect);
      }
      if (
        current !== undefined &&
        current.monthlyCents === values.monthlyCents &&
        current.annual12Cents === values.annual12Cents &&
        current.annual14Cents === values.annual14Cents &&
        current.reference === values.reference
      ) {
        throw conflict('mensual', SERIES_MESSAGES.sameValue);
      }
      const [inserted] = await tx
        .insert(ipremYears)
        .values({ ...values, supersedes: current?.id ?? null, addedBy: actor.actorId })
        .returning();
      if (inserted === undefined) throw new Error('iprem insert returned no row');
      await recordAudit(tx, {
        ...actor,
        action: current === undefined ? 'series.iprem_added' : 'series.iprem_corrected',
        subjectType: 'iprem',
        subjectId: String(request.anio),
        before: current === undefined ? null : ipremOfRow(current),
        after: ipremOfRow(inserted),
      });
    });
  } catch (error) {
    if (!(error instanceof ApiError) && isUniqueViolation(error)) {
      throw conflict('anio', SERIES_MESSAGES.yearExists(request.anio));
    }
    throw error;
  }
}
