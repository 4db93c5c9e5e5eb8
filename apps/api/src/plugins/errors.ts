import { type OutgoingHttpHeaders, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { formatZodIssues, INVALID_DATA_MESSAGE } from '@cbp/core';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ApiError, messages } from '../lib/errors';
import { REQUEST_ID_HEADER } from '../lib/logging';

function statusMessage(statusCode: number): string {
  switch (statusCode) {
    case 404:
      return messages.notFound;
    case 405:
      return messages.methodNotAllowed;
    case 408:
      return messages.requestTimeout;
    case 413:
      return messages.bodyTooLarge;
    case 414:
      return messages.urlTooLong;
    case 415:
      return messages.unsupportedMediaType;
    case 429:
      return messages.tooManyRequests(1);
    case 431:
      return messages.headersTooLarge;
    default:
      return messages.badRequest;
  }
}

function send(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ message, ...extra });
}

/** Seconds a client is asked to wait when the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * Every failure answers JSON with a Spanish `message`. Anything the client sent wrong is a
 * 4xx; a database that does not answer is a 503 with Retry-After; a 500 means a fault of
 * ours and is logged in full.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  databaseAvailable: () => Promise<boolean>,
): void {
  app.setErrorHandler(async (error: FastifyError | ApiError, request: FastifyRequest, reply) => {
    if (error instanceof ApiError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return send(reply, error.statusCode, error.message, error.extra);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      // Back to zod issues, so the wording and the per-field map are the ones core gives forms.
      const issues = error.validation.map(
        (issue) =>
          ({
            ...issue.params,
            code: issue.keyword,
            message: issue.message ?? INVALID_DATA_MESSAGE,
            path: issue.instancePath.split('/').filter((segment) => segment !== ''),
          }) as unknown as z.core.$ZodIssue,
      );
      const { message, fields } = formatZodIssues(issues);
      return send(reply, 400, message, { errors: fields });
    }

    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, messages.bodyTooLarge);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, messages.unsupportedMediaType);
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, messages.emptyBody);
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return send(reply, 400, messages.invalidJson);
      default:
        break;
    }
    if (error instanceof SyntaxError) return send(reply, 400, messages.invalidJson);

    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      request.log.info({ code: error.code, statusCode }, 'Petición rechazada');
      return send(reply, statusCode, statusMessage(statusCode));
    }

    if (!(await databaseAvailable())) {
      request.log.error({ err: error }, 'La base de datos no responde');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return send(reply, 503, messages.serviceUnavailable);
    }
    request.log.error({ err: error }, 'Error interno');
    return send(reply, 500, messages.internal);
  });
}

/**
 * Router errors raised before a request reaches a route (a URL that cannot be decoded, a
 * parameter over the length limit): same shape and headers as every other answer.
 */
export function frameworkErrorHandler(
  headers: OutgoingHttpHeaders,
): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error, request, reply) => {
    const statusCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
    request.log.info({ code: error.code, statusCode }, 'Petición rechazada');
    // Refused before the hooks run, so the id the onRequest hook would send is set here.
    reply.header(REQUEST_ID_HEADER, request.id);
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined) reply.header(name, value);
    }
    const message = statusCode === 400 ? messages.badUrl : statusMessage(statusCode);
    void send(reply, statusCode, message);
  };
}

/**
 * Requests Node's HTTP parser cannot take (malformed, headers too large, too slow to
 * arrive): the connection gets the product's JSON in Spanish with the security headers,
 * then is closed.
 */
export function clientErrorHandler(
  headers: OutgoingHttpHeaders,
): (error: Error & { code?: string }, socket: Socket) => void {
  const headerLines = Object.entries(headers)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('\r\n');
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const statusCode =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? 431
          : 400;
    const body = JSON.stringify({ message: statusMessage(statusCode) });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${String(statusCode)} ${STATUS_CODES[statusCode] ?? ''}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${String(Buffer.byteLength(body))}\r\n` +
          `Connection: close\r\n${headerLines}\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}

export function notFoundJson(_request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, messages.notFound);
}
