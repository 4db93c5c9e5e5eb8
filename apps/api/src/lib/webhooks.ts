import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../db/client';
import { webhookEvents } from '../db/schema';

/** A header's first value. */
export function firstHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Registers routes that receive a provider's signed webhooks: in this scope every body arrives
 * as the raw bytes, because the signature is over them and must be checked before anything
 * reads the JSON.
 */
export async function rawBodyScope(
  app: FastifyInstance,
  routes: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, parsed) => {
      parsed(null, body);
    });
    routes(scope);
    done();
  });
}

export function rawBodyOf(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}

export interface ReceivedEvent {
  provider: 'bankflip' | 'stripe';
  eventKey: string;
  name: string;
  sessionId: string | null;
  rawBody: Buffer;
}

/**
 * Keeps the event in webhook_events and runs `handle` in the same transaction, only the first
 * time the event arrives: a retried or replayed delivery changes nothing. True for a duplicate.
 */
export async function handleOnce(
  db: Database,
  event: ReceivedEvent,
  handle: (tx: Transaction) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(webhookEvents)
      .values({
        provider: event.provider,
        eventKey: event.eventKey,
        name: event.name,
        sessionId: event.sessionId,
        payload: JSON.parse(event.rawBody.toString('utf8')) as unknown,
      })
      .onConflictDoNothing()
      .returning({ key: webhookEvents.eventKey });
    if (inserted.length === 0) return true;
    await handle(tx);
    return false;
  });
}

/**
 * Deeper than any event of either provider; PostgreSQL's JSON input and the JSON serialisers on
 * the way would give up (or overflow the stack) long before 100 000 levels (decision 0600).
 */
export const MAX_WEBHOOK_DEPTH = 100;

/** Why a signed body is kept only as its fingerprint. */
export type MalformedReason = 'ilegible' | 'nulo' | 'texto' | 'anidado' | 'formato';

export type StorableJson =
  { ok: true; value: unknown } | { ok: false; reason: Exclude<MalformedReason, 'formato'> };

/** Half of a UTF-16 surrogate pair, alone. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function storableText(value: string): boolean {
  return !value.includes('\u0000') && !loneSurrogate.test(value);
}

/**
 * The JSON of a signed body when PostgreSQL can hold it (jsonb and text refuse U+0000 and lone
 * surrogates) and it is not nested deeper than {@link MAX_WEBHOOK_DEPTH}. Walked without recursion,
 * so no body can exhaust the stack here.
 */
export function storableJson(rawBody: Buffer): StorableJson {
  let value: unknown;
  try {
    value = JSON.parse(rawBody.toString('utf8')) as unknown;
  } catch {
    return { ok: false, reason: 'ilegible' };
  }
  const pending: { item: unknown; depth: number }[] = [{ item: value, depth: 1 }];
  let invalidText = false;
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { item, depth } = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return { ok: false, reason: 'nulo' };
      if (loneSurrogate.test(item)) invalidText = true;
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (depth > MAX_WEBHOOK_DEPTH) return { ok: false, reason: 'anidado' };
    const children = Array.isArray(item) ? (item as unknown[]) : Object.entries(item).flat();
    for (const child of children) pending.push({ item: child, depth: depth + 1 });
  }
  return invalidText ? { ok: false, reason: 'texto' } : { ok: true, value };
}

/** The top-level `id` of a body, when there is one the database can hold. */
function eventIdOf(json: StorableJson | undefined, rawBody: Buffer): string | undefined {
  let value: unknown = json?.ok === true ? json.value : undefined;
  if (value === undefined) {
    try {
      value = JSON.parse(rawBody.toString('utf8')) as unknown;
    } catch {
      return undefined;
    }
  }
  if (typeof value !== 'object' || value === null || !('id' in value)) return undefined;
  const id = value.id;
  return typeof id === 'string' && id.length <= 255 && storableText(id) ? id : undefined;
}

export interface MalformedEvent {
  provider: ReceivedEvent['provider'];
  rawBody: Buffer;
  reason: MalformedReason;
  /** The parsed body when the database can hold it; else only its fingerprint is kept. */
  json: StorableJson;
}

/**
 * Keeps a signed body this product cannot handle in webhook_events, once per distinct body, as
 * what the database can hold: its SHA-256, its size, why, and the event id when readable. The
 * provider is answered 400; its retries of the same body add nothing (decision 0600).
 */
export async function recordMalformed(
  db: Database,
  log: FastifyBaseLogger,
  event: MalformedEvent,
): Promise<void> {
  const sha256 = createHash('sha256').update(event.rawBody).digest('hex');
  const id = eventIdOf(event.json, event.rawBody);
  const payload: Record<string, unknown> = {
    motivo: event.reason,
    sha256,
    bytes: event.rawBody.length,
  };
  if (id !== undefined) payload.id = id;
  if (event.json.ok) payload.cuerpo = event.json.value;
  const inserted = await db
    .insert(webhookEvents)
    .values({
      provider: event.provider,
      eventKey: `malformado:sha256:${sha256}`,
      name: 'malformado',
      sessionId: null,
      payload,
    })
    .onConflictDoNothing()
    .returning({ key: webhookEvents.eventKey });
  if (inserted.length > 0) {
    log.error(
      { provider: event.provider, reason: event.reason, sha256, id },
      'Aviso firmado que no se puede tratar: guardado como malformado',
    );
  }
}

/**
 * The event a signed body carries, read by `parse`; undefined when the body is not one, which is
 * then kept with {@link recordMalformed} for the route to answer 400.
 */
export async function eventOrMalformed<Event>(
  db: Database,
  log: FastifyBaseLogger,
  provider: ReceivedEvent['provider'],
  rawBody: Buffer,
  parse: (rawBody: Buffer) => Event | undefined,
): Promise<Event | undefined> {
  const json = storableJson(rawBody);
  const event = json.ok ? parse(rawBody) : undefined;
  if (event === undefined) {
    await recordMalformed(db, log, {
      provider,
      rawBody,
      reason: json.ok ? 'formato' : json.reason,
      json,
    });
  }
  return event;
}
