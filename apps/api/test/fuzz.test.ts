import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passingLead, text, variants, serverFor } from './helpers';

interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  valid: () => Record<string, unknown>;
}

const endpoints: Endpoint[] = [
  { method: 'POST', path: '/api/leads', valid: () => passingLead() },
  {
    method: 'POST',
    path: '/api/auth/login',
    valid: () => ({ email: 'ana@correo.es', password: 'una-clave-larga' }),
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password-request',
    valid: () => ({ email: 'ana@correo.es' }),
  },
  {
    method: 'POST',
    path: '/api/auth/update-password',
    valid: () => ({
      password: 'una-clave-larga',
      recovery_url: 'http://127.0.0.1/reset-password#access_token=abc&type=recovery',
    }),
  },
  { method: 'POST', path: '/api/auth/refresh', valid: () => ({ refresh_token: 'abc' }) },
  { method: 'POST', path: '/api/auth/logout', valid: () => ({ refresh_token: 'abc' }) },
  { method: 'GET', path: '/api/auth/verify', valid: () => ({}) },
  { method: 'GET', path: '/api/leads/00000000-0000-4000-8000-000000000000', valid: () => ({}) },
  { method: 'GET', path: '/health-check', valid: () => ({}) },
];

const hugeString = fc.integer({ min: 1_000, max: 40_000 }).map((length) => 'ñ'.repeat(length));
const oddValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(''),
  fc.constant('   '),
  fc.array(fc.jsonValue(), { maxLength: 5 }),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 5 }),
  hugeString,
);

/** A valid body with one thing wrong: a field replaced, removed, or an unknown one added. */
const mutatedBody = (endpoint: Endpoint) =>
  fc
    .tuple(
      fc.nat(),
      fc.oneof(fc.constant('replace'), fc.constant('remove'), fc.constant('add')),
      oddValue,
      fc.string(),
    )
    .map(([index, action, value, extraKey]) => {
      const body = endpoint.valid();
      const keys = Object.keys(body);
      const key = keys.length === 0 ? extraKey : (keys[index % keys.length] ?? extraKey);
      if (action === 'remove') Reflect.deleteProperty(body, key);
      else if (action === 'add') body[`x${extraKey}`] = value;
      else body[key] = value;
      return JSON.stringify(body);
    });

const deepNesting = fc
  .integer({ min: 100, max: 20_000 })
  .map((depth) => '['.repeat(depth) + ']'.repeat(depth));
const prototypeKeys = fc
  .constantFrom('__proto__', 'constructor', 'prototype')
  .map((key) => `{"${key}":{"isAdmin":true},"email":"ana@correo.es"}`);
const garbage = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }).map((text) => `{${text}`),
);

const body = (endpoint: Endpoint) =>
  fc.oneof(mutatedBody(endpoint), garbage, deepNesting, prototypeKeys);

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'application/json; charset=latin1',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=limite',
      'application/xml',
      'application/octet-stream',
      'json',
    ),
  },
);

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 300,
});
const authorization = fc.option(
  fc.oneof(
    printable,
    printable.map((token) => `Bearer ${token}`),
    fc.constant('Bearer '),
  ),
  { nil: undefined },
);
const idempotencyKey = fc.option(printable, { nil: undefined });

const request = fc
  .nat()
  .map((index) => endpoints[index % endpoints.length] as Endpoint)
  .chain((endpoint) =>
    fc.record({
      endpoint: fc.constant(endpoint),
      body: body(endpoint),
      contentType,
      authorization,
      idempotencyKey,
      query: fc.option(
        printable.map((text) => `?${encodeURIComponent(text)}=${encodeURIComponent(text)}`),
        {
          nil: undefined,
        },
      ),
    }),
  );

const RUNS: Record<string, number> = { PGlite: 3000, PostgreSQL: 2000 };

describe.each(variants)('malformed requests on $name', (variant) => {
  const server = serverFor(variant);

  it('never answer 5xx, and every refusal carries a Spanish message', async () => {
    const statuses = new Map<number, number>();
    let postSuccesses = 0;
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const headers: Record<string, string> = { 'content-type': input.contentType };
        if (input.authorization !== undefined) headers.authorization = input.authorization;
        if (input.idempotencyKey !== undefined) headers['idempotency-key'] = input.idempotencyKey;
        const response = await fetch(`${server().url}${input.endpoint.path}${input.query ?? ''}`, {
          method: input.endpoint.method,
          headers,
          ...(input.endpoint.method === 'POST' ? { body: input.body } : {}),
        });
        const raw = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (input.endpoint.method === 'POST' && response.status < 300) postSuccesses += 1;
        expect(response.status, raw).toBeLessThan(500);
        if (response.status >= 400) {
          const message = text(JSON.parse(raw) as unknown, 'message');
          expect(message).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡]/);
          // Zod's and Fastify's own English texts start with a capital too.
          expect(message).not.toMatch(/\b(?:Invalid|Expected|Required|Unrecognized|must)\b/);
        }
      }),
      { numRuns: RUNS[variant.name] ?? 500 },
    );
    // The generator reaches both refusals and successes, not just one kind of answer.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(100);
    expect(postSuccesses).toBeGreaterThan(0);
  }, 120_000);
});
