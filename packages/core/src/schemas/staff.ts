import { z } from '../zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, passwordSchema } from './auth';
import {
  emailSchema,
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  objectError,
  optionalText,
  requiredText,
  responseText,
  TEXT_LIMITS,
  tokenSchema,
} from './fields';
import { FASES_COMERCIALES } from './lead';
import { billingStatusSchema } from './billing';

/**
 * The firm's back-office (/gestion, /api/gestion). Staff are not clients: their own accounts,
 * roles and sessions, which the client API never accepts (nor the staff API a client's).
 */
export const STAFF_ROLES = ['admin', 'gestor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Administración',
  gestor: 'Gestión',
};

export const STAFF_STATES = ['invitado', 'activo', 'desactivado'] as const;
export type StaffState = (typeof STAFF_STATES)[number];

/** Where invitation links land: the token travels in the fragment, never to a server log. */
export const STAFF_ACTIVATION_PATH = '/gestion/activar';

export function buildStaffActivationUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${STAFF_ACTIVATION_PATH}#${new URLSearchParams({ token }).toString()}`;
}

/** The token of an activation link's fragment ('#token=...'), or null. */
export function parseStaffActivationUrl(url: string): string | null {
  const hashIndex = url.indexOf('#');
  const token = new URLSearchParams(hashIndex === -1 ? '' : url.slice(hashIndex + 1)).get('token');
  return token === null || token === '' ? null : token;
}

export const STAFF_MESSAGES = {
  invalidCredentials: 'Correo electrónico o contraseña incorrectos',
  totpRequired: 'Introduce el código de 6 cifras de tu aplicación de autenticación',
  totpInvalid: 'El código no es correcto o ha caducado. Escribe el que muestra ahora tu aplicación',
  invalidInvitation:
    'El enlace de invitación no es válido o ha caducado. Pide a un administrador que te invite de nuevo.',
  totpNotEnrolled:
    'Tu cuenta no tiene configurada la verificación en dos pasos, que aquí es obligatoria. Pide a un administrador que te invite de nuevo.',
  forbidden: 'Tu rol no permite hacer esto',
  clientToken: 'Esta zona es solo para el equipo del despacho',
  crossSite:
    'Esta petición solo se acepta desde la gestión del despacho. Vuelve a abrirla e inténtalo de nuevo.',
  alreadyStaff:
    'Ya hay una persona activa del equipo con ese correo electrónico. Para invitarla de nuevo, desactívala primero.',
  lastAdmin: 'No puedes desactivar al último administrador',
  selfDisable: 'No puedes desactivar tu propia cuenta',
  noteRequired: 'Escribe una nota que explique el cambio',
  unknownPhase: 'Esa fase no existe',
} as const;

const totpCodeSchema = z
  .string({ error: STAFF_MESSAGES.totpRequired })
  .check(z.trim(), z.regex(/^\d{6}$/, { error: STAFF_MESSAGES.totpInvalid }));

export const staffMemberSchema = z.object({
  id: idSchema,
  email: responseText(TEXT_LIMITS.email),
  nombre: responseText(TEXT_LIMITS.name),
  rol: z.enum(STAFF_ROLES),
  estado: z.enum(STAFF_STATES),
  /** Whether sign-in asks for a TOTP code. */
  verificacionEnDosPasos: z.boolean(),
  creadoEl: isoDateTimeSchema,
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/**
 * The staff refresh token never reaches a script: the server keeps it in an httpOnly cookie
 * scoped to the staff sign-in path (decision 0596), and only a request carrying the
 * back-office's header may spend it.
 */
export const STAFF_AUTH_PATH = '/api/gestion/auth';
export const STAFF_REFRESH_COOKIE = 'cbp_gestion_refresh';
export const STAFF_SESSION_HEADER = 'X-Gestion-Sesion';

/** The short-lived access token; the back-office keeps it in memory only. */
export const staffSessionSchema = z.object({
  access_token: tokenSchema,
  expires_in: z.int().check(z.positive(), z.lte(86_400)),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

export const staffLoginRequestSchema = z.strictObject(
  {
    email: emailSchema,
    password: z
      .string({ error: 'Introduce tu contraseña' })
      .check(
        z.minLength(1, { error: 'Introduce tu contraseña' }),
        z.maxLength(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong }),
      ),
    codigo: z.optional(totpCodeSchema),
  },
  { error: objectError },
);
export type StaffLoginRequest = z.infer<typeof staffLoginRequestSchema>;

export const staffAuthResponseSchema = z.object({
  session: staffSessionSchema,
  staff: staffMemberSchema,
});
export type StaffAuthResponse = z.infer<typeof staffAuthResponseSchema>;

export const staffInvitationLookupSchema = z.strictObject(
  { token: tokenSchema },
  { error: objectError },
);

/** What an invitation link shows before the password is chosen. */
export const staffInvitationSchema = z.object({
  email: responseText(TEXT_LIMITS.email),
  nombre: responseText(TEXT_LIMITS.name),
  rol: z.enum(STAFF_ROLES),
  /** In production every staff account enrols a TOTP app; in the embedded default it is optional. */
  verificacionObligatoria: z.boolean(),
  /** Base32 secret to type into the app, and the otpauth:// URI its QR code carries. */
  totpSecreto: z.string().check(z.regex(/^[A-Z2-7]{16,64}$/)),
  totpUri: z.string().check(z.startsWith('otpauth://totp/'), z.maxLength(1000)),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

export const staffActivationRequestSchema = z.strictObject(
  {
    token: tokenSchema,
    password: passwordSchema,
    /** A code from the app enrolled with the invitation's secret; required when it is obligatory. */
    codigo: z.optional(totpCodeSchema),
  },
  { error: objectError },
);
export type StaffActivationRequest = z.infer<typeof staffActivationRequestSchema>;

export const staffInviteRequestSchema = z.strictObject(
  {
    email: emailSchema,
    nombre: requiredText(TEXT_LIMITS.name, {
      required: 'Escribe el nombre',
      tooLong: `El nombre no puede tener más de ${String(TEXT_LIMITS.name)} caracteres`,
    }),
    rol: z.enum(STAFF_ROLES, { error: 'Elige un rol' }),
  },
  { error: objectError },
);
export type StaffInviteRequest = z.infer<typeof staffInviteRequestSchema>;

export const staffTeamResponseSchema = z.object({
  equipo: z.array(staffMemberSchema).check(z.maxLength(1000)),
});

// Leads and cases

/** The firm's commercial funnel; the simulator sets the first two (spec 01, section 4). */
export const STAFF_FASES_COMERCIALES = [
  ...FASES_COMERCIALES,
  'Contactado',
  'Interesado',
  'Cliente',
  'Descartado',
] as const;
export type StaffFaseComercial = (typeof STAFF_FASES_COMERCIALES)[number];

export const LEAD_RESULTS = ['cumple', 'no-cumple', 'sin-datos'] as const;
export type LeadResult = (typeof LEAD_RESULTS)[number];
export const LEAD_RESULT_LABELS: Record<LeadResult, string> = {
  cumple: 'Cumple',
  'no-cumple': 'No cumple',
  'sin-datos': 'Sin datos',
};

export const LEAD_SORT_KEYS = ['creadoEl', 'nombre', 'email', 'fase_comercial', 'estado'] as const;
export type LeadSortKey = (typeof LEAD_SORT_KEYS)[number];
export const PAGE_SIZES = [10, 25, 50, 100] as const;

const pageSchema = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1);
const pageSizeSchema = z._default(
  z.coerce.number().check(
    z.int(),
    z.refine((size) => (PAGE_SIZES as readonly number[]).includes(size), {
      error: 'Tamaño de página no válido',
    }),
  ),
  25,
);
const searchSchema = optionalText(100, 'La búsqueda no puede tener más de 100 caracteres');

/** GET /api/gestion/leads (and its CSV): every filter is optional and travels in the query. */
export const leadListQuerySchema = z
  .strictObject(
    {
      pagina: pageSchema,
      porPagina: pageSizeSchema,
      orden: z._default(z.enum(LEAD_SORT_KEYS), 'creadoEl'),
      direccion: z._default(z.enum(['asc', 'desc']), 'desc'),
      resultado: z.optional(z.enum(LEAD_RESULTS)),
      fase_comercial: z.optional(z.enum(STAFF_FASES_COMERCIALES)),
      desde: z.optional(isoDateSchema),
      hasta: z.optional(isoDateSchema),
      q: searchSchema,
    },
    { error: objectError },
  )
  .check(
    z.refine((query) => !query.desde || !query.hasta || query.desde <= query.hasta, {
      error: 'La fecha «desde» no puede ser posterior a «hasta»',
      path: ['hasta'],
    }),
  );
export type LeadListQuery = z.input<typeof leadListQuerySchema>;

export const staffLeadSummarySchema = z.object({
  id: idSchema,
  /** One person (account) may have sent several leads: they share this id. */
  personaId: idSchema,
  nombre: responseText(TEXT_LIMITS.name),
  apellidos: responseText(TEXT_LIMITS.name),
  email: responseText(TEXT_LIMITS.email),
  telefono: responseText(TEXT_LIMITS.phoneInput),
  fase_comercial: responseText(TEXT_LIMITS.name),
  estado: responseText(TEXT_LIMITS.name),
  resultado: z.enum(LEAD_RESULTS),
  porcentajeCuota: z.nullable(z.number()),
  creadoEl: isoDateTimeSchema,
  /** How many other leads the same person sent (by account, e-mail or phone). */
  duplicados: z.int().check(z.gte(0)),
});
export type StaffLeadSummary = z.infer<typeof staffLeadSummarySchema>;

export const leadListResponseSchema = z.object({
  leads: z.array(staffLeadSummarySchema).check(z.maxLength(100)),
  total: z.int().check(z.gte(0)),
  pagina: z.int().check(z.gte(1)),
  porPagina: z.int().check(z.gte(1)),
});
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;

export const casePhaseSchema = z.object({
  id: z.string().check(z.regex(/^[a-z0-9-]{1,40}$/)),
  nombre: responseText(TEXT_LIMITS.name),
  orden: z.int().check(z.gte(0)),
  progreso: z.int().check(z.gte(0), z.lte(100)),
  siguientePaso: responseText(300),
  estimacion: responseText(300),
});
export type CasePhase = z.infer<typeof casePhaseSchema>;
export const casePhasesResponseSchema = z.object({
  fases: z.array(casePhaseSchema).check(z.maxLength(50)),
});

export const casePhaseUpdateSchema = z.strictObject(
  {
    nombre: requiredText(TEXT_LIMITS.name, {
      required: 'Escribe el nombre de la fase',
      tooLong: 'El nombre es demasiado largo',
    }),
    progreso: z.coerce
      .number({ error: 'El progreso es un número de 0 a 100' })
      .check(
        z.int({ error: 'El progreso es un número entero de 0 a 100' }),
        z.gte(0, { error: 'El progreso es un número de 0 a 100' }),
        z.lte(100, { error: 'El progreso es un número de 0 a 100' }),
      ),
    siguientePaso: requiredText(300, {
      required: 'Escribe el siguiente paso',
      tooLong: 'El siguiente paso no puede tener más de 300 caracteres',
    }),
    estimacion: requiredText(300, {
      required: 'Escribe la estimación',
      tooLong: 'La estimación no puede tener más de 300 caracteres',
    }),
  },
  { error: objectError },
);
export type CasePhaseUpdate = z.infer<typeof casePhaseUpdateSchema>;

const noteText = requiredText(2000, {
  required: STAFF_MESSAGES.noteRequired,
  tooLong: 'La nota no puede tener más de 2000 caracteres',
});

export const caseMoveRequestSchema = z.strictObject(
  {
    fase: requiredText(40, { required: 'Elige una fase', tooLong: 'Elige una fase de la lista' }),
    nota: noteText,
  },
  { error: objectError },
);
export type CaseMoveRequest = z.infer<typeof caseMoveRequestSchema>;

export const leadNoteRequestSchema = z.strictObject({ texto: noteText }, { error: objectError });

export const leadUpdateRequestSchema = z.strictObject(
  { fase_comercial: z.enum(STAFF_FASES_COMERCIALES, { error: 'Elige una fase comercial' }) },
  { error: objectError },
);

const staffAuthorSchema = z.object({ id: idSchema, nombre: responseText(TEXT_LIMITS.name) });

export const caseHistoryEntrySchema = z.object({
  id: idSchema,
  fecha: isoDateTimeSchema,
  de: z.nullable(responseText(TEXT_LIMITS.name)),
  a: responseText(TEXT_LIMITS.name),
  nota: responseText(2000),
  autor: z.nullable(staffAuthorSchema),
});
export type CaseHistoryEntry = z.infer<typeof caseHistoryEntrySchema>;

export const staffLeadDetailSchema = z.object({
  lead: z.extend(staffLeadSummarySchema, {
    tipocbp: z.nullable(z.string().check(z.maxLength(40))),
    respuestas: z.nullable(z.record(z.string(), z.unknown())),
    codigo: z.nullable(z.string().check(z.maxLength(20))),
    codigoCerrado: z.nullable(z.string().check(z.maxLength(20))),
    fechaEvaluacion: z.nullable(isoDateSchema),
    faseId: z.string().check(z.maxLength(40)),
    cuenta: z.object({ tienePassword: z.boolean() }),
    consentimiento: z.object({
      aceptadoEl: isoDateTimeSchema,
      version: responseText(100),
      ip: z.nullable(z.string().check(z.maxLength(100))),
    }),
  }),
  otrosContactos: z.array(staffLeadSummarySchema).check(z.maxLength(100)),
  calculos: z
    .array(
      z.object({
        id: idSchema,
        fecha: isoDateTimeSchema,
        fechaEvaluacion: isoDateSchema,
        versionReglas: z.string().check(z.maxLength(40)),
        cumpleRequisitos: z.boolean(),
        codigo: z.nullable(z.string().check(z.maxLength(20))),
        cuotaActual: z.nullable(z.number()),
        nuevaCuota: z.nullable(z.number()),
      }),
    )
    .check(z.maxLength(200)),
  correos: z
    .array(
      z.object({
        id: idSchema,
        fecha: isoDateTimeSchema,
        asunto: responseText(300),
        /** 'withheld': not sent, over the cap for an address nobody has verified (decision 0587). */
        estado: z.enum(['pending', 'sending', 'sent', 'failed', 'withheld']),
      }),
    )
    .check(z.maxLength(200)),
  notas: z
    .array(
      z.object({
        id: idSchema,
        fecha: isoDateTimeSchema,
        texto: responseText(2000),
        autor: staffAuthorSchema,
      }),
    )
    .check(z.maxLength(500)),
  historial: z.array(caseHistoryEntrySchema).check(z.maxLength(500)),
  /** The case's contract and payments (GET /api/gestion/leads/{leadId}/pagos gives the same). */
  pago: z.optional(billingStatusSchema),
});
export type StaffLeadDetail = z.infer<typeof staffLeadDetailSchema>;

// Audit log

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
