import { gte, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** The day after an ISO day, for "until this day inclusive" filters. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Spain's calendar: a filter by day means Madrid's day. */
const madridMidnight = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/Madrid'`;

export function dayRange(column: PgColumn, desde?: string, hasta?: string): SQL[] {
  const conditions: SQL[] = [];
  if (desde !== undefined) conditions.push(gte(column, madridMidnight(desde)));
  if (hasta !== undefined) conditions.push(lt(column, madridMidnight(nextDay(hasta))));
  return conditions;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our ids are UUIDs: anything else names nothing, and must not reach a uuid column. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
