import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatZodIssues, INVALID_DATA_MESSAGE } from '@cbp/core';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ApiError, messages } from '../lib/errors';

function statusMessage(statusCode: number): string {
  switch (statusCode) {
    case 404:
      return messages.notFound;
    case 405:
      return messages.methodNotAllowed;
    case 413:
      return messages.bodyTooLarge;
    case 415:
      return messages.unsupportedMediaType;
    case 429:
      return messages.tooManyRequests(1);
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

/**
 * Every failure answers JSON with a Spanish `message`. Anything the client sent wrong is a
 * 4xx; a 500 means a fault of ours and is logged in full.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply) => {
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

    request.log.error({ err: error }, 'Error interno');
    return send(reply, 500, messages.internal);
  });
}

export function notFoundJson(_request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, messages.notFound);
}
