import { errorResponseSchema } from '@cbp/core';
import type { FastifyRequest } from 'fastify';
import { auditIp } from '../audit/service';
import { staffOf } from './guards';

/** What every back-office route says in the OpenAPI document. */
export const tags = ['Gestión del despacho'];
export const security = [{ bearerAuth: [] }];
export const denied = { 401: errorResponseSchema, 403: errorResponseSchema };
export const noStore = { 'cache-control': 'no-store' };

/** The staff member of the request as the audit log records an actor. */
export function auditBy(request: FastifyRequest) {
  const member = staffOf(request);
  return {
    actorKind: 'staff' as const,
    actorId: member.id,
    actorEmail: member.email,
    ip: auditIp(request),
  };
}
