import { z } from '../zod';
import {
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  objectError,
  optionalText,
  responseText,
  TEXT_LIMITS,
} from './fields';
import { pageSchema, pageSizeSchema, searchSchema } from './staff-leads';

/** The back-office's audit log (/gestion/auditoria, /api/gestion/auditoria). */

export const AUDIT_ACTOR_KINDS = ['staff', 'cliente', 'sistema', 'anonimo'] as const;

export const auditQuerySchema = z.strictObject(
  {
    pagina: pageSchema,
    porPagina: pageSizeSchema,
    accion: optionalText(80, 'La acción no puede tener más de 80 caracteres'),
    actor: searchSchema,
    desde: z.optional(isoDateSchema),
    hasta: z.optional(isoDateSchema),
  },
  { error: objectError },
);
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.int().check(z.positive()),
  fecha: isoDateTimeSchema,
  actorTipo: z.enum(AUDIT_ACTOR_KINDS),
  actorId: z.nullable(idSchema),
  actorEmail: z.nullable(z.string().check(z.maxLength(TEXT_LIMITS.email))),
  accion: z.string().check(z.maxLength(80)),
  objetoTipo: z.nullable(z.string().check(z.maxLength(40))),
  objetoId: z.nullable(z.string().check(z.maxLength(100))),
  antes: z.unknown(),
  despues: z.unknown(),
  ip: z.nullable(z.string().check(z.maxLength(100))),
  /**
   * The case the entry is about (the lead itself, one of its documents, its client's account),
   * named by its client, so the log links to it instead of showing an id; null otherwise.
   */
  caso: z._default(
    z.nullable(z.object({ leadId: idSchema, nombre: responseText(TEXT_LIMITS.name * 2 + 1) })),
    null,
  ),
  /** The member of the firm's team the entry is about (an invitation, an activation), named. */
  persona: z._default(
    z.nullable(
      z.object({
        nombre: responseText(TEXT_LIMITS.name),
        email: z.string().check(z.maxLength(TEXT_LIMITS.email)),
      }),
    ),
    null,
  ),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = z.object({
  entradas: z.array(auditEntrySchema).check(z.maxLength(100)),
  total: z.int().check(z.gte(0)),
  pagina: z.int().check(z.gte(1)),
  porPagina: z.int().check(z.gte(1)),
  /** Every action name in the log, for the filter. */
  acciones: z.array(z.string().check(z.maxLength(80))).check(z.maxLength(200)),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'staff.invited': 'Invitación enviada',
  'staff.reinvited': 'Invitación enviada de nuevo',
  'staff.activated': 'Cuenta del equipo activada',
  'staff.disabled': 'Cuenta del equipo desactivada',
  'staff.login': 'Inicio de sesión del equipo',
  'staff.login_failed': 'Inicio de sesión fallido (equipo)',
  'staff.logout': 'Cierre de sesión del equipo',
  'staff.refresh_reuse': 'Reutilización de sesión detectada (equipo)',
  'lead.updated': 'Lead modificado',
  'lead.note_added': 'Nota añadida',
  'case.moved': 'Caso movido de fase',
  'phase.updated': 'Fase modificada',
  'series.euribor_added': 'Euríbor de un mes añadido',
  'series.euribor_corrected': 'Euríbor de un mes corregido',
  'series.iprem_added': 'IPREM de un año añadido',
  'series.iprem_corrected': 'IPREM de un año corregido',
  'leads.exported': 'Exportación CSV de leads',
  'document.viewed': 'Documento consultado (descarga)',
  'document.approved': 'Documento aprobado',
  'document.rejected': 'Documento rechazado',
  'client.login': 'Inicio de sesión de cliente',
  'client.login_failed': 'Inicio de sesión fallido (cliente)',
  'client.password_created': 'Contraseña de cliente creada',
  'client.password_changed': 'Contraseña de cliente cambiada',
  'client.refresh_reuse': 'Reutilización de sesión detectada (cliente)',
  'documents.uploaded': 'Documento subido',
  'documents.upload_refused': 'Subida de documento no admitida',
  'documents.replaced_file_deleted': 'Archivo sustituido sin revisar: borrado',
  'documents.delivered': 'Documentación entregada',
  'documents.retrieved': 'Documento obtenido con Cl@ve',
  'retrieval.kept_out_of_sent_file': 'Documento obtenido tras el envío: no añadido al expediente',
  'lead.set_aside_for_account': 'Lead apartado de la cuenta (no probado como suyo)',
  'contract.signed': 'Contrato firmado (hash del PDF de evidencias)',
  'contract.withdrawn': 'Desistimiento del contrato',
  'payment.confirmed': 'Pago confirmado',
  'payment.failed': 'Cuota no cobrada',
  'payment.transfer_confirmed': 'Transferencia recibida (confirmada por el equipo)',
  'payment.refund_requested': 'Reembolso solicitado',
  'payment.refunded': 'Reembolso hecho',
  'payment.rejected': 'Pago no aplicado al contrato en vigor (se devuelve)',
  'payment.refund_failed': 'Devolución automática fallida',
  'client.promoted': 'Cuenta convertida en CLIENTE',
  'receipt.viewed': 'Recibo consultado (descarga)',
  'retrieval.started': 'Obtención con Cl@ve iniciada',
  'retrieval.completed': 'Obtención con Cl@ve terminada',
  'review.finalized': 'Revisión del expediente finalizada',
  'review.household_changed': 'Unidad familiar cambiada en la revisión',
  'declaration.signed': 'Declaración responsable firmada (hash del PDF)',
  'declaration.viewed': 'Declaración responsable consultada (descarga)',
  'submission.sent': 'Expediente enviado',
  'submission.viewed': 'Expediente consultado (descarga)',
  'submission.reopened': 'Expediente reabierto',
  'submission.presented': 'Solicitud presentada al banco',
};
