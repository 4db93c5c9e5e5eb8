import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** The header that carries a request's id in and out (decision 0762). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's or client's own id may look like to be kept: bounded, no spaces or quotes. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:=+/-]{8,128}$/;

/** The incoming id when it looks sane (a load balancer's, a client's retry), otherwise a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** Every answer carries its request's id, so a client can quote it and the logs be searched. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

const CENSOR = '[oculto]';
const personalKeys = [
  'email',
  'telefono',
  'nombre',
  'apellidos',
  'password',
  'access_token',
  'refresh_token',
  'token',
  'recovery_url',
  'authorization',
  'cookie',
];

export const redactPaths = [
  ...personalKeys,
  ...personalKeys.map((key) => `*.${key}`),
  ...personalKeys.map((key) => `*.*.${key}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
];

const sensitiveQuery = /^(.*email.*|token|access_token|refresh_token|password)$/i;

export function maskUrl(url: string): string {
  const hashIndex = url.indexOf('#');
  const withoutFragment = hashIndex === -1 ? url : url.slice(0, hashIndex);
  const queryIndex = withoutFragment.indexOf('?');
  if (queryIndex === -1) return withoutFragment;
  const params = new URLSearchParams(withoutFragment.slice(queryIndex + 1));
  for (const key of [...params.keys()]) {
    if (sensitiveQuery.test(key)) params.set(key, CENSOR);
  }
  return `${withoutFragment.slice(0, queryIndex)}?${params.toString()}`;
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return CENSOR;
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** Keeps the network part of an address, enough to spot abuse without identifying a person. */
export function maskIp(ip: string): string {
  if (ip.includes('.')) {
    const parts = ip.split('.');
    parts[parts.length - 1] = 'x';
    return parts.join('.');
  }
  return ip.split(':').slice(0, 3).join(':') + ':x';
}

interface LoggedRequest {
  method: string;
  url: string;
  ip: string;
}

export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream === undefined ? {} : { stream }),
    redact: { paths: redactPaths, censor: CENSOR },
    serializers: {
      req(request: LoggedRequest) {
        return { method: request.method, url: maskUrl(request.url), ip: maskIp(request.ip) };
      },
    },
  };
}
