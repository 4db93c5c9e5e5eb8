// Apart from the schemas (auth.ts): the sign-in and password pages show these rules and read
// recovery links before they load zod, which they load only when a person sends.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';

export const PASSWORD_MESSAGES = {
  required: 'Introduce una contraseña',
  tooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  tooLong: `La contraseña no puede tener más de ${PASSWORD_MAX_LENGTH} caracteres`,
  common: 'Esa contraseña es demasiado común. Elige otra más difícil de adivinar',
  mismatch: 'Las contraseñas no coinciden',
} as const;

export const RECOVERY_PATH = '/reset-password';
export const RECOVERY_TYPE = 'recovery';

export const RECOVERY_MESSAGES = {
  invalidLink:
    'El enlace para cambiar la contraseña no es válido o ha caducado. Solicita uno nuevo.',
  invalidType: 'Tipo de token inválido',
} as const;

export interface RecoveryFragment {
  readonly accessToken: string | null;
  readonly type: string | null;
}

/** The token and type carried in the fragment of a recovery link ('#access_token=...&type=recovery'). */
export function parseRecoveryUrl(url: string): RecoveryFragment {
  const hashIndex = url.indexOf('#');
  const params = new URLSearchParams(hashIndex === -1 ? '' : url.slice(hashIndex + 1));
  return { accessToken: params.get('access_token') || null, type: params.get('type') || null };
}

/** The link e-mailed for a password reset or for creating the first password. */
export function buildRecoveryUrl(publicUrl: string, token: string): string {
  const fragment = new URLSearchParams({ access_token: token, type: RECOVERY_TYPE });
  return `${publicUrl.replace(/\/+$/, '')}${RECOVERY_PATH}#${fragment.toString()}`;
}

/**
 * What an e-mailed password link is for, as the server issued it: `crear` for the first
 * password (the welcome e-mail), `restablecer` for a reset the person asked for.
 */
export const PASSWORD_LINK_PURPOSES = ['crear', 'restablecer'] as const;
export type PasswordLinkPurpose = (typeof PASSWORD_LINK_PURPOSES)[number];
