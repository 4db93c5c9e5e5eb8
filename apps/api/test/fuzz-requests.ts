/**
 * Hostile requests for every endpoint the OpenAPI document lists, shared by the fuzz test of
 * `pnpm test` (a few hundred per endpoint) and `pnpm test:resilience` (ten thousand).
 */
import { CONTRACT_TERMS_VERSION } from '@cbp/core';
import { sampleHousehold } from '@cbp/core/testing';
import fc from 'fast-check';
import { expect } from 'vitest';
import { staffMembers } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import {
  field,
  passingLead,
  readMailbox,
  recoveryLinkIn,
  STAFF_PASSWORD,
  text,
  type TestServer,
} from './helpers';

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** As the OpenAPI document writes it, e.g. /api/leads/{leadId}. */
  path: string;
}

/** A valid body per operation: fuzzing starts from it and breaks one thing at a time. */
const VALID_BODIES: Record<string, () => Record<string, unknown>> = {
  'POST /api/leads': () => passingLead(),
  'POST /api/auth/login': () => ({ email: 'ana@correo.es', password: 'una-clave-larga' }),
  'POST /api/auth/reset-password-request': () => ({ email: 'ana@correo.es' }),
  'POST /api/auth/update-password': () => ({
    password: 'una-clave-larga',
    recovery_url: 'http://127.0.0.1/reset-password#access_token=abc&type=recovery',
  }),
  'POST /api/auth/password-link': () => ({
    recovery_url: 'http://127.0.0.1/reset-password#access_token=abc&type=recovery',
  }),
  'POST /api/auth/refresh': () => ({ refresh_token: 'abc' }),
  'POST /api/auth/logout': () => ({ refresh_token: 'abc' }),
  'POST /api/calculations': () => ({ ...sampleHousehold }),
  'GET /api/auth/verify': () => ({}),
  'GET /api/leads/{leadId}': () => ({}),
  'GET /api/calculations/latest': () => ({}),
  'GET /api/calculations/draft': () => ({}),
  'PUT /api/calculations/draft': () => ({
    entrada: { banco: 'banco-santander', capitalPendiente: '120.000,50' },
    paso: 3,
  }),
  'GET /api/case/progress': () => ({}),
  'GET /api/case/status': () => ({}),
  'GET /api/expediente/revision': () => ({}),
  'PUT /api/expediente/revision': () => ({
    valores: { numeroTitulares: '2', miembrosUnidadFamiliar: '3', cantidadPorPagar: '120.000,50' },
    paso: 2,
    pestana: 'hipoteca',
    revision: Date.now(),
  }),
  'POST /api/expediente/revision/finalizar': () => ({}),
  'GET /api/bankflip-session/{leadId}': () => ({}),
  'POST /api/bankflip-session': () => ({
    leadId: '00000000-0000-4000-8000-000000000000',
    documentos: [{ model: 'SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES' }],
  }),
  'GET /api/documents': () => ({}),
  'GET /api/documents/files/{fileId}/content': () => ({}),
  'POST /api/documents/entrega': () => ({}),
  // tus requests carry headers, not bodies: these are fuzzed without the protocol's headers.
  'POST /api/uploads': () => ({}),
  'PATCH /api/uploads/{uploadId}': () => ({}),
  'GET /health-check': () => ({}),
  'POST /api/gestion/auth/login': () => ({
    email: 'equipo@despacho.es',
    password: 'una-clave-larga',
  }),
  // No body: the refresh token travels in its httpOnly cookie.
  'POST /api/gestion/auth/refresh': () => ({}),
  'POST /api/gestion/auth/logout': () => ({}),
  'POST /api/gestion/auth/invitation': () => ({ token: 'abc' }),
  'POST /api/gestion/auth/activate': () => ({ token: 'abc', password: 'una-clave-larga' }),
  'GET /api/gestion/auth/me': () => ({}),
  'GET /api/gestion/equipo': () => ({}),
  'POST /api/gestion/equipo': () => ({
    email: 'nuevo@despacho.es',
    nombre: 'Nuevo',
    rol: 'gestor',
  }),
  'POST /api/gestion/equipo/{staffId}/desactivar': () => ({}),
  'GET /api/gestion/leads': () => ({}),
  'GET /api/gestion/leads.csv': () => ({}),
  'GET /api/gestion/leads/{leadId}': () => ({}),
  'PATCH /api/gestion/leads/{leadId}': () => ({ fase_comercial: 'Contactado' }),
  'POST /api/gestion/leads/{leadId}/notas': () => ({ texto: 'Llamar el lunes' }),
  'POST /api/gestion/leads/{leadId}/fase': () => ({ fase: 'documentacion', nota: 'Avanza' }),
  'GET /api/gestion/fases': () => ({}),
  'PUT /api/gestion/fases/{phaseId}': () => ({
    nombre: 'Documentación',
    progreso: 30,
    siguientePaso: 'Revisión',
    estimacion: '2 días',
  }),
  'GET /api/gestion/auditoria': () => ({}),
  'GET /api/gestion/series': () => ({}),
  'POST /api/gestion/series/euribor': () => ({
    mes: '2026-03',
    porcentaje: '2,250',
    referencia: 'BOE-A-2026-8000',
  }),
  'POST /api/gestion/series/iprem': () => ({
    anio: 2027,
    mensual: '600,00',
    anual12: '7.200,00',
    anual14: '8.400,00',
    referencia: 'BOE-A-2027-100',
  }),
  'GET /api/gestion/leads/{leadId}/documents': () => ({}),
  'GET /api/gestion/documents/{fileId}/content': () => ({}),
  'POST /api/contrato': () => ({
    plan: 'unico',
    metodo: 'tarjeta',
    terminosVersion: CONTRACT_TERMS_VERSION,
    consentimientos: { condiciones: true, autorizacion: true },
    firma: { tipo: 'escrita', nombre: 'Lucía Pérez' },
  }),
  'GET /api/contrato/pdf': () => ({}),
  'POST /api/contrato/desistimiento': () => ({}),
  'POST /api/stripe-session': () => ({
    leadId: '00000000-0000-4000-8000-000000000000',
    userId: null,
    paymentType: 'single',
  }),
  'POST /api/pagos/transferencia': () => ({}),
  'GET /api/pagos/estado': () => ({}),
  'GET /api/pagos/{paymentId}/recibo': () => ({}),
  'GET /api/gestion/leads/{leadId}/pagos': () => ({}),
  'GET /api/gestion/leads/{leadId}/pagos/{paymentId}/recibo': () => ({}),
  'POST /api/gestion/leads/{leadId}/pagos/transferencia': () => ({
    tipo: 'unico',
    importe: 999,
    fechaValor: '2026-12-01',
  }),
  'POST /api/gestion/leads/{leadId}/reembolso': () => ({ motivo: 'desistimiento' }),
  'GET /api/expediente/envio': () => ({}),
  'POST /api/expediente/envio': () => ({}),
  'GET /api/expediente/envio/pdf': () => ({}),
  'GET /api/expediente/envio/partes/{numero}': () => ({}),
  'GET /api/expediente/declaracion': () => ({}),
  'POST /api/expediente/declaracion': () => ({
    huella: 'a'.repeat(64),
    firma: { tipo: 'escrita', nombre: 'Lucía Pérez García' },
  }),
  'GET /api/expediente/declaracion/pdf': () => ({}),
  'GET /api/gestion/leads/{leadId}/declaracion/pdf': () => ({}),
  'GET /api/gestion/leads/{leadId}/expediente': () => ({}),
  'GET /api/gestion/leads/{leadId}/expediente/pdf': () => ({}),
  'GET /api/gestion/leads/{leadId}/expediente/partes/{numero}': () => ({}),
  'POST /api/gestion/leads/{leadId}/expediente/reabrir': () => ({
    nota: 'Falta la nómina de marzo',
  }),
  'POST /api/gestion/leads/{leadId}/expediente/presentacion': () => ({ fecha: '2026-11-26' }),
  'POST /api/gestion/documents/{fileId}/review': () => ({
    estado: 'rechazado',
    motivo: 'La foto está borrosa',
  }),
};

const key = (operation: Operation) => `${operation.method} ${operation.path}`;

/** Every operation of the API, read from its OpenAPI document so new routes are fuzzed too. */
export async function apiOperations(server: TestServer): Promise<Operation[]> {
  const document = await server.request('/api/docs/json');
  const paths = field(document.body, 'paths') as Record<string, Record<string, unknown>>;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const method of Object.keys(methods)) {
      const upper = method.toUpperCase();
      if (upper === 'GET' || upper === 'POST' || upper === 'PUT' || upper === 'PATCH')
        operations.push({ method: upper, path });
    }
  }
  const missing = operations.filter((operation) => VALID_BODIES[key(operation)] === undefined);
  // A new route must bring a valid example, or it would only ever be fuzzed with garbage.
  expect(missing.map(key)).toEqual([]);
  return operations;
}

const hugeString = fc.integer({ min: 1_000, max: 40_000 }).map((length) => 'ñ'.repeat(length));
const number = fc.oneof(
  fc.double(),
  fc.constantFrom(5e-324, -5e-324, 1e308, -1e308, Number.MIN_VALUE, 0, -0, 0.004, 1e-7),
  fc.integer(),
);
const oddValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('\u202eetnatropmi', 'Ana\u2028Subject: x', 'a\u0000b', '\ufeff', '1.234,56'),
  number,
  fc.boolean(),
  fc.constant(null),
  fc.constant(''),
  fc.constant('   '),
  fc.array(fc.jsonValue(), { maxLength: 5 }),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 5 }),
  hugeString,
);

/** A valid body with one thing wrong: a field replaced, removed, or an unknown one added. */
function mutatedBody(valid: () => Record<string, unknown>) {
  return fc
    .tuple(
      fc.nat(),
      fc.constantFrom('replace', 'remove', 'add', 'nested', 'none'),
      oddValue,
      fc.string(),
    )
    .map(([index, action, value, extraKey]) => {
      const body = valid();
      const keys = Object.keys(body);
      const chosen = keys.length === 0 ? extraKey : (keys[index % keys.length] ?? extraKey);
      // Own properties only: a generated key may be "__proto__".
      const nested = Object.hasOwn(body, chosen) ? body[chosen] : undefined;
      if (action === 'remove') Reflect.deleteProperty(body, chosen);
      else if (action === 'add') body[`x${extraKey}`] = value;
      else if (action === 'nested' && typeof nested === 'object' && nested !== null) {
        const inner = nested as Record<string, unknown>;
        const innerKeys = Object.keys(inner);
        const innerKey = innerKeys[index % Math.max(1, innerKeys.length)];
        if (innerKey !== undefined) inner[innerKey] = value;
      } else if (action !== 'none') {
        Object.defineProperty(body, chosen, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return JSON.stringify(body);
    });
}

const deepNesting = fc
  .integer({ min: 100, max: 20_000 })
  .map((depth) => '['.repeat(depth) + ']'.repeat(depth));
const prototypeKeys = fc
  .constantFrom('__proto__', 'constructor', 'prototype')
  .map((name) => `{"${name}":{"isAdmin":true},"email":"ana@correo.es"}`);
const garbage = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }).map((content) => `{${content}`),
);

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
const pathParam = fc.oneof(
  fc.uuid(),
  printable.map((value) => encodeURIComponent(value)),
  fc.constantFrom('%E0%A4%A', '..%2F..%2Fetc', '%00', 'a'.repeat(400)),
);

const base64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');
/** The tus protocol's headers, right, wrong or missing, for the upload endpoint. */
const tusHeaders = fc.record(
  {
    'tus-resumable': fc.constantFrom('1.0.0', '0.2.2', '', 'x'),
    'upload-length': fc.oneof(
      fc.nat().map(String),
      fc.constantFrom('52428801', '-1', '1e3', '99999999999999999999'),
      printable,
    ),
    'upload-offset': fc.oneof(fc.nat({ max: 100 }).map(String), printable),
    'upload-metadata': fc.oneof(
      fc
        .tuple(fc.constantFrom('1/dni-nie', 'hipoteca/nota-simple', '9/dni-nie', ''), printable)
        .map(([id, name]) => `documentId ${base64(id)},filename ${base64(name)}`),
      printable,
    ),
    'upload-defer-length': fc.constantFrom('1', '0'),
    'upload-concat': fc.constantFrom('partial', 'final;/api/uploads/a'),
  },
  { requiredKeys: [] },
);

export interface FuzzRequest {
  path: string;
  body: string;
  contentType: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  extraHeaders: Record<string, string>;
}

/** Requests for one operation; `sessions` are real access tokens it may also use. */
export function requestsFor(operation: Operation, sessions: () => string[]) {
  const valid = VALID_BODIES[key(operation)] ?? (() => ({}));
  const authorization = fc.option(
    fc.oneof(
      printable,
      printable.map((token) => `Bearer ${token}`),
      fc.constant('Bearer '),
      fc.nat().map((index) => {
        const tokens = sessions();
        return tokens.length === 0 ? 'Bearer x' : `Bearer ${tokens[index % tokens.length] ?? ''}`;
      }),
    ),
    { nil: undefined },
  );
  return fc.record({
    path: fc.tuple(pathParam, fc.option(printable, { nil: undefined })).map(([param, query]) => {
      const path = operation.path.replace(/\{[^}]+\}/g, param);
      return query === undefined ? path : `${path}?${encodeURIComponent(query)}=1`;
    }),
    body: fc.oneof(
      { weight: 6, arbitrary: mutatedBody(valid) },
      { weight: 1, arbitrary: garbage },
      { weight: 1, arbitrary: deepNesting },
      { weight: 1, arbitrary: prototypeKeys },
    ),
    contentType: operation.path.startsWith('/api/uploads')
      ? fc.oneof(contentType, fc.constant('application/offset+octet-stream'))
      : contentType,
    authorization,
    idempotencyKey: fc.option(printable, { nil: undefined }),
    extraHeaders: operation.path.startsWith('/api/uploads') ? tusHeaders : fc.constant({}),
  });
}

export interface FuzzStats {
  requests: number;
  statuses: Map<number, number>;
  /** Reads of what a successful POST stored (GET with the returned session). */
  followUps: number;
}

/**
 * Sends `runs` requests to one operation through `app.inject` and checks each answer: never 5xx,
 * and a refusal always has a Spanish message. A created lead or calculation is read back at
 * once, so a stored value that breaks later reads is caught as well.
 */
export async function fuzzOperation(
  server: TestServer,
  operation: Operation,
  runs: number,
  sessions: string[],
): Promise<FuzzStats> {
  const stats: FuzzStats = { requests: 0, statuses: new Map(), followUps: 0 };
  const count = (status: number) => {
    stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
  };
  await fc.assert(
    fc.asyncProperty(
      requestsFor(operation, () => sessions),
      async (input) => {
        const headers: Record<string, string> = {
          ...input.extraHeaders,
          'content-type': input.contentType,
        };
        if (input.authorization !== undefined) headers.authorization = input.authorization;
        if (input.idempotencyKey !== undefined) headers['idempotency-key'] = input.idempotencyKey;
        const response = await server.app.inject({
          method: operation.method,
          url: input.path,
          headers,
          ...(operation.method === 'GET' ? {} : { payload: input.body }),
        });
        stats.requests += 1;
        count(response.statusCode);
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode >= 400) {
          const message = text(JSON.parse(response.body) as unknown, 'message');
          expect(message).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡]/);
          expect(message).not.toMatch(/\b(?:Invalid|Expected|Required|Unrecognized|must)\b/);
        }
        if (response.statusCode === 201 && key(operation) === 'POST /api/leads') {
          const created = JSON.parse(response.body) as unknown;
          const token = text(created, 'session', 'access_token');
          sessions.push(token);
          const read = await server.app.inject({
            method: 'GET',
            url: `/api/leads/${text(created, 'data', 'id')}`,
            headers: { authorization: `Bearer ${token}` },
          });
          stats.followUps += 1;
          expect(read.statusCode, read.body).toBe(200);
        }
        if (response.statusCode === 200 && key(operation) === 'PUT /api/expediente/revision') {
          // What a save kept must not break the review, its step or the case status afterwards.
          for (const url of [
            '/api/expediente/revision',
            '/api/case/status',
            '/api/case/progress',
          ]) {
            const read = await server.app.inject({
              method: 'GET',
              url,
              headers: { authorization: headers.authorization ?? '' },
            });
            stats.followUps += 1;
            expect(read.statusCode, read.body).toBe(200);
          }
        }
        if (response.statusCode === 201 && key(operation) === 'POST /api/calculations') {
          const read = await server.app.inject({
            method: 'GET',
            url: '/api/calculations/latest',
            headers: { authorization: headers.authorization ?? '' },
          });
          stats.followUps += 1;
          expect(read.statusCode, read.body).toBe(200);
        }
      },
    ),
    { numRuns: runs },
  );
  return stats;
}

/**
 * A few real sessions to start with, so guarded routes are reached past their guard: client
 * lead sessions, one of an account with a password (which reaches every lead of its person, so
 * routes take the ids it sends further), and one of a staff administrator for the back-office.
 */
export async function startingSessions(server: TestServer, howMany: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let index = 0; index < howMany; index += 1) {
    const created = await server.request('/api/leads', { json: passingLead() });
    tokens.push(text(created.body, 'session', 'access_token'));
  }
  tokens.push(await accountSession(server));
  const email = `fuzz.${String(Date.now())}@despacho.es`;
  await server.ctx.db.insert(staffMembers).values({
    email,
    nombre: 'Administración',
    role: 'admin',
    passwordHash: await hashPassword(STAFF_PASSWORD),
    activatedAt: new Date(),
  });
  const login = await server.request('/api/gestion/auth/login', {
    json: { email, password: STAFF_PASSWORD },
  });
  tokens.push(text(login.body, 'session', 'access_token'));
  return tokens;
}

/** A person who posted a lead and created a password from the mailed link, signed in. */
async function accountSession(server: TestServer): Promise<string> {
  const lead = passingLead();
  await server.request('/api/leads', { json: lead });
  const mail = (await readMailbox(server)).find((message) => message.para === lead.email);
  if (mail === undefined) throw new Error('no create-password mail');
  const password = 'una-clave-larga-de-fuzz';
  await server.request('/api/auth/update-password', {
    json: { password, recovery_url: recoveryLinkIn(mail) },
  });
  const login = await server.request('/api/auth/login', {
    json: { email: lead.email, password },
  });
  return text(login.body, 'session', 'access_token');
}
