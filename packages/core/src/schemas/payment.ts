import { z } from '../zod';
import type { PlanId } from '../rules';
import { httpUrlSchema, idSchema, objectError, responseText, TEXT_LIMITS } from './fields';

export const PLAN_IDS = ['unico', 'fraccionado'] as const satisfies readonly PlanId[];

/** A fee plan as the plan cards show it; RULES.plans holds the two the firm offers. */
export const planSchema = z.object({
  id: z.enum(PLAN_IDS),
  nombre: responseText(TEXT_LIMITS.name),
  precio: z.number().nonnegative(),
  pago_inicial: z.number().nonnegative(),
  pago_mensual: z.number().nonnegative(),
  cuotas: z.int().nonnegative().max(120),
  descripcion: responseText(TEXT_LIMITS.longText),
  caracteristicas: z.array(responseText(TEXT_LIMITS.shortText)).max(20),
});

export const PAYMENT_TYPES = ['single', 'split'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The spec's mapping: 'single' for unico, 'split' for fraccionado. */
export const PAYMENT_TYPE_BY_PLAN: Readonly<Record<PlanId, PaymentType>> = {
  unico: 'single',
  fraccionado: 'split',
};

/** Body of POST /api/stripe-session. */
export const paymentRequestSchema = z.strictObject(
  {
    leadId: idSchema,
    userId: idSchema.nullable(),
    paymentType: z.enum(PAYMENT_TYPES, { error: 'Elige una forma de pago válida' }),
  },
  { error: objectError },
);
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

/** Query of POST /api/stripe-session: the e-mail the checkout page starts filled with. */
export const checkoutSessionQuerySchema = z.object({
  prefilled_email: z.string().trim().toLowerCase().max(TEXT_LIMITS.email).optional(),
});
export type CheckoutSessionQuery = z.infer<typeof checkoutSessionQuerySchema>;

/** The spec reads only `sessionId`; `url` is the checkout page to send the browser to. */
export const checkoutSessionResponseSchema = z.object({
  sessionId: z.string().min(1).max(255),
  url: httpUrlSchema.optional(),
});
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

/** Drawn signature, kept as the PNG data URL the signature pad produces (at most about 500 KB). */
export const signatureSchema = z
  .string({ error: 'Dibuja tu firma para continuar' })
  .min(1, { error: 'Dibuja tu firma para continuar' })
  .max(700_000, { error: 'La firma es demasiado grande' })
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { error: 'La firma no es válida' });
