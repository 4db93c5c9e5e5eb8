import { z } from '../zod';
import type { PlanId } from '../rules';
import { httpUrlSchema, idSchema, objectError, responseText, TEXT_LIMITS } from './fields';

export const PLAN_IDS = ['unico', 'fraccionado'] as const satisfies readonly PlanId[];

/** A fee plan as the plan cards show it; RULES.plans holds the two the firm offers. */
export const planSchema = z.object({
  id: z.enum(PLAN_IDS),
  nombre: responseText(TEXT_LIMITS.name),
  precio: z.number().check(z.nonnegative()),
  pago_inicial: z.number().check(z.nonnegative()),
  pago_mensual: z.number().check(z.nonnegative()),
  cuotas: z.int().check(z.nonnegative(), z.lte(120)),
  descripcion: responseText(TEXT_LIMITS.longText),
  caracteristicas: z.array(responseText(TEXT_LIMITS.shortText)).check(z.maxLength(20)),
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
    userId: z.nullable(idSchema),
    paymentType: z.enum(PAYMENT_TYPES, { error: 'Elige una forma de pago válida' }),
  },
  { error: objectError },
);
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

/** Query of POST /api/stripe-session: the e-mail the checkout page starts filled with. */
export const checkoutSessionQuerySchema = z.object({
  prefilled_email: z.optional(
    z.string().check(z.trim(), z.toLowerCase(), z.maxLength(TEXT_LIMITS.email)),
  ),
});
export type CheckoutSessionQuery = z.infer<typeof checkoutSessionQuerySchema>;

/** The spec reads only `sessionId`; `url` is the checkout page to send the browser to. */
export const checkoutSessionResponseSchema = z.object({
  sessionId: z.string().check(z.minLength(1), z.maxLength(255)),
  url: z.optional(httpUrlSchema),
});
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;
