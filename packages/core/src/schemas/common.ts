import { z } from '../zod';
import { responseText, TEXT_LIMITS } from './fields';

/** Any answer that only carries a text for the person: success notices and errors alike. */
export const messageResponseSchema = z.object({
  message: responseText(TEXT_LIMITS.message),
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * Error answers: the spec's `{ message }`, plus one Spanish message per invalid field
 * (keyed by the field's path, e.g. 'email' or 'documentos.0.year') when the body was rejected.
 */
export const errorResponseSchema = z.extend(messageResponseSchema, {
  errors: z.optional(
    z.record(responseText(TEXT_LIMITS.shortText), responseText(TEXT_LIMITS.message)),
  ),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

const dependencyState = z.enum(['ok', 'error']);

/**
 * GET /health-check: each dependency by name, so an operator sees which one is down. The
 * database is essential (503); without the mail server mail waits in the queue ('degraded').
 */
export const healthCheckSchema = z.object({
  status: z.enum(['ok', 'degraded', 'error']),
  database: dependencyState,
  correo: dependencyState,
  message: z.optional(responseText(TEXT_LIMITS.message)),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;
