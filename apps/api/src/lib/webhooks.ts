import type { FastifyInstance, FastifyRequest } from 'fastify';
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
