import { z } from '../zod';
import {
  PASSWORD_LINK_PURPOSES,
  PASSWORD_MESSAGES,
  parseRecoveryUrl,
  RECOVERY_MESSAGES,
  RECOVERY_TYPE,
} from './auth-rules';
import { emailSchema, httpUrlSchema, objectError, responseText, TEXT_LIMITS } from './fields';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';
import { sessionSchema, userSchema } from './session';

// Only entries of 10 characters or more matter: shorter ones already fail the length rule.
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '1234567890',
  '0123456789',
  '0987654321',
  '9876543210',
  '12345678910',
  '123456789a',
  'a123456789',
  '1234567890a',
  '1q2w3e4r5t',
  'q1w2e3r4t5',
  '1qaz2wsx3edc',
  'qwertyuiop',
  'qwerty1234',
  'qwerty12345',
  'asdfghjkl1',
  'password12',
  'password123',
  'password1234',
  'passw0rd123',
  'iloveyou12',
  'abcdefghij',
  'abc1234567',
  'abcd123456',
  'contraseña',
  'contrasena',
  'contraseña1',
  'contrasena1',
  'contraseña12',
  'contraseña123',
  'contrasena123',
  'micontraseña',
  'micontrasena',
  'tequiero123',
  'hipoteca123',
  'barcelona1899',
  'realmadrid1902',
]);

function isCommonPassword(password: string): boolean {
  const normalized = password.normalize('NFC').toLowerCase();
  if (COMMON_PASSWORDS.has(normalized)) return true;
  // One character repeated ('aaaaaaaaaa', ten spaces) is as guessable as any list entry.
  return new Set(normalized).size === 1;
}

/** The rule for a new password. Sign-in does not apply it: old passwords must still work. */
export const passwordSchema = z.string({ error: PASSWORD_MESSAGES.required }).check(
  z.minLength(1, { error: PASSWORD_MESSAGES.required, abort: true }),
  z.minLength(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGES.tooShort, abort: true }),
  z.maxLength(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong, abort: true }),
  z.refine((password) => !isCommonPassword(password), { error: PASSWORD_MESSAGES.common }),
);

/** The password typed to sign in: only required and bounded, whatever rules it was chosen under. */
export const loginPasswordSchema = z
  .string({ error: 'Introduce tu contraseña' })
  .check(
    z.minLength(1, { error: 'Introduce tu contraseña' }),
    z.maxLength(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong }),
  );

export const loginRequestSchema = z.strictObject(
  {
    email: emailSchema,
    password: loginPasswordSchema,
  },
  { error: objectError },
);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginSuccessSchema = z.object({
  success: z.literal(true),
  message: responseText(TEXT_LIMITS.message),
  session: sessionSchema,
  user: userSchema,
});
export type LoginSuccess = z.infer<typeof loginSuccessSchema>;

export const loginFailureSchema = z.object({
  success: z.literal(false),
  message: responseText(TEXT_LIMITS.message),
});

export const loginResponseSchema = z.discriminatedUnion('success', [
  loginSuccessSchema,
  loginFailureSchema,
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const resetPasswordRequestSchema = z.strictObject(
  { email: emailSchema },
  { error: objectError },
);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const recoveryUrlSchema = httpUrlSchema.check(
  z.refine((url) => parseRecoveryUrl(url).type === RECOVERY_TYPE, {
    error: RECOVERY_MESSAGES.invalidType,
    abort: true,
  }),
  z.refine(
    (url) => {
      const token = parseRecoveryUrl(url).accessToken;
      return token !== null && token.length <= TEXT_LIMITS.token;
    },
    { error: RECOVERY_MESSAGES.invalidLink },
  ),
);

export const updatePasswordRequestSchema = z.strictObject(
  {
    password: passwordSchema,
    recovery_url: recoveryUrlSchema,
  },
  { error: objectError },
);
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;

/** POST /api/auth/password-link: the page's address, whose fragment carries the token. */
export const passwordLinkRequestSchema = z.strictObject(
  { recovery_url: recoveryUrlSchema },
  { error: objectError },
);
export type PasswordLinkRequest = z.infer<typeof passwordLinkRequestSchema>;

export const passwordLinkResponseSchema = z.object({
  proposito: z.enum(PASSWORD_LINK_PURPOSES),
});
export type PasswordLinkResponse = z.infer<typeof passwordLinkResponseSchema>;

/** The /reset-password form: the new password typed twice. */
export const newPasswordFormSchema = z
  .object(
    {
      password: passwordSchema,
      confirmacion: z
        .string({ error: 'Repite la contraseña' })
        .check(z.maxLength(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong })),
    },
    { error: objectError },
  )
  .check(
    z.refine((form) => form.password === form.confirmacion, {
      error: PASSWORD_MESSAGES.mismatch,
      path: ['confirmacion'],
    }),
  );
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;
