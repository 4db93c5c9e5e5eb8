import { z } from '../zod';
import { idSchema, objectError, responseText, TEXT_LIMITS, tokenSchema } from './fields';

// What a signed-in page needs to keep its session: apart from the sign-in and password forms'
// schemas, which every signed-in screen would otherwise download.

/** The user the verify call answers with, and that login and refresh return beside the session. */
export const userSchema = z.object({
  id: idSchema,
  email: responseText(TEXT_LIMITS.email),
  nombre: z.optional(z.nullable(responseText(TEXT_LIMITS.name))),
  apellidos: z.optional(z.nullable(responseText(TEXT_LIMITS.name))),
  /** The lead this account reaches, when there is one. */
  leadId: z.optional(z.nullable(idSchema)),
  /** CLIENTE once a payment of the case has been confirmed (spec 02, section 8); LEAD before. */
  estado: z.optional(z.enum(['LEAD', 'CLIENTE'])),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/auth/verify answers with the user itself (spec 01, section 7). */
export const verifyResponseSchema = userSchema;
export type VerifyResponse = User;

export const sessionSchema = z.object({
  access_token: tokenSchema,
  refresh_token: tokenSchema,
  /** Seconds the access token stays valid. */
  expires_in: z.optional(z.int().check(z.positive(), z.lte(31_536_000))),
  user: z.optional(userSchema),
});
export type Session = z.infer<typeof sessionSchema>;

export const refreshRequestSchema = z.strictObject(
  { refresh_token: tokenSchema },
  { error: objectError },
);
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const refreshResponseSchema = z.object({ session: sessionSchema });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** The refresh token to revoke; the access token travels in the Authorization header. */
export const logoutRequestSchema = z.strictObject(
  { refresh_token: z.optional(tokenSchema) },
  { error: objectError },
);
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;
