import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The provider's webhook signature (decision 0475): HMAC-SHA256, keyed with the base64-decoded
 * secret, over method + full URL + raw body + timestamp, sent base64 in `x-signature-v1` with the
 * timestamp in `x-signature-timestamp`.
 */
export const SIGNATURE_HEADER = 'x-signature-v1';
export const TIMESTAMP_HEADER = 'x-signature-timestamp';

export interface SignedRequest {
  method: string;
  /** The address the provider posted to, exactly as it signed it. */
  url: string;
  rawBody: Buffer | string;
  timestamp: string;
}

export function webhookSignature(secret: string, request: SignedRequest): string {
  return createHmac('sha256', Buffer.from(secret, 'base64'))
    .update(request.method.toUpperCase())
    .update(request.url)
    .update(request.rawBody)
    .update(request.timestamp)
    .digest('base64');
}

/** The headers the sandbox sends with a webhook, as the provider does. */
export function signedWebhookHeaders(
  secret: string,
  url: string,
  rawBody: string,
  now: Date,
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: webhookSignature(secret, { method: 'POST', url, rawBody, timestamp }),
  };
}

export type SignatureCheck =
  { ok: true } | { ok: false; reason: 'missing' | 'malformed-timestamp' | 'stale' | 'mismatch' };

export interface VerifyOptions {
  secret: string;
  method: string;
  url: string;
  rawBody: Buffer;
  timestampHeader: string | undefined;
  signatureHeader: string | undefined;
  now: Date;
  toleranceSeconds: number;
}

/** Whether a webhook comes from the provider, unchanged and recent. */
export function verifyWebhookSignature(options: VerifyOptions): SignatureCheck {
  const { timestampHeader, signatureHeader } = options;
  if (timestampHeader === undefined || signatureHeader === undefined || signatureHeader === '') {
    return { ok: false, reason: 'missing' };
  }
  if (!/^\d{1,16}$/.test(timestampHeader)) return { ok: false, reason: 'malformed-timestamp' };
  // Seconds are assumed; a value in milliseconds is read as such rather than refused.
  const raw = Number(timestampHeader);
  const sentMs = raw > 1e12 ? raw : raw * 1000;
  if (Math.abs(options.now.getTime() - sentMs) > options.toleranceSeconds * 1000) {
    return { ok: false, reason: 'stale' };
  }
  const expected = Buffer.from(
    webhookSignature(options.secret, {
      method: options.method,
      url: options.url,
      rawBody: options.rawBody,
      timestamp: timestampHeader,
    }),
    'base64',
  );
  const given = Buffer.from(signatureHeader, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'mismatch' };
  }
  return { ok: true };
}

const modelSchema = z.looseObject({ type: z.string().min(1), year: z.number().int().optional() });

const eventSchema = z.discriminatedUnion('name', [
  z.looseObject({
    id: z.string().min(1).max(200).optional(),
    name: z.literal('SESSION_COMPLETED'),
    payload: z.looseObject({ sessionId: z.string().min(1).max(200) }),
  }),
  z.looseObject({
    id: z.string().min(1).max(200).optional(),
    name: z.literal('MODEL_EXTRACTED'),
    payload: z.looseObject({
      sessionId: z.string().min(1).max(200),
      documentIds: z.array(z.string().min(1)).max(100),
      model: modelSchema,
    }),
  }),
]);

/** A webhook of the retrieval provider, as the client routes handle it. */
export type RetrievalWebhookEvent =
  | { name: 'SESSION_COMPLETED'; sessionId: string; eventKey: string }
  | {
      name: 'MODEL_EXTRACTED';
      sessionId: string;
      documentIds: string[];
      model: { type: string; year?: number };
      eventKey: string;
    }
  /** A name this product does not handle yet: acknowledged, kept, not acted on. */
  | { name: 'OTHER'; providerName: string; sessionId: string | null; eventKey: string };

/**
 * Reads a verified body. The key that makes it handled once is the event's id when the provider
 * sends one, else the hash of the signed body (a retry carries the same body).
 */
export function parseWebhookEvent(rawBody: Buffer): RetrievalWebhookEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
  const bodyHash = `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
  const parsed = eventSchema.safeParse(json);
  if (parsed.success) {
    const eventKey = parsed.data.id ?? bodyHash;
    const event = parsed.data;
    if (event.name === 'SESSION_COMPLETED') {
      return { name: event.name, sessionId: event.payload.sessionId, eventKey };
    }
    const model: { type: string; year?: number } = { type: event.payload.model.type };
    if (event.payload.model.year !== undefined) model.year = event.payload.model.year;
    return {
      name: event.name,
      sessionId: event.payload.sessionId,
      documentIds: event.payload.documentIds,
      model,
      eventKey,
    };
  }
  const other = z
    .looseObject({
      id: z.string().min(1).max(200).optional(),
      name: z.string().min(1).max(100),
      payload: z.looseObject({ sessionId: z.string().max(200).optional() }).optional(),
    })
    .safeParse(json);
  if (
    !other.success ||
    other.data.name === 'SESSION_COMPLETED' ||
    other.data.name === 'MODEL_EXTRACTED'
  ) {
    return undefined;
  }
  return {
    name: 'OTHER',
    providerName: other.data.name,
    sessionId: other.data.payload?.sessionId ?? null,
    eventKey: other.data.id ?? bodyHash,
  };
}
