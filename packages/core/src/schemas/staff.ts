import { z } from '../zod';
import { loginPasswordSchema, passwordSchema } from './auth';
import {
  emailSchema,
  idSchema,
  isoDateTimeSchema,
  objectError,
  requiredText,
  responseText,
  TEXT_LIMITS,
  tokenSchema,
} from './fields';

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
    password: loginPasswordSchema,
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
