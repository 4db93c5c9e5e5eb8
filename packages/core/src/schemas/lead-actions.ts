import { z } from '../zod';
import { refundRequestSchema, transferReceiptRequestSchema } from './billing';
import { documentReviewRequestSchema } from './documents';
import { idSchema } from './fields';
import {
  caseMoveRequestSchema,
  leadNoteRequestSchema,
  leadUpdateRequestSchema,
} from './staff-leads';
import { submissionPresentationRequestSchema, submissionReopenRequestSchema } from './submission';

const intent = <Name extends string, Request extends z.ZodMiniType>(name: Name, request: Request) =>
  z.object({ intent: z.literal(name), request });

/**
 * What the lead page's forms hand to its route action: which action, and the request the API
 * receives for it, checked as the API checks it.
 */
export const leadActionSchema = z.discriminatedUnion('intent', [
  intent('fase-comercial', leadUpdateRequestSchema),
  intent('mover-caso', caseMoveRequestSchema),
  intent('nota', leadNoteRequestSchema),
  intent('revisar-documento', z.object({ fileId: idSchema, review: documentReviewRequestSchema })),
  intent('transferencia', transferReceiptRequestSchema),
  intent('reembolso', refundRequestSchema),
  intent('presentacion', submissionPresentationRequestSchema),
  intent('reabrir', submissionReopenRequestSchema),
]);
export type LeadAction = z.infer<typeof leadActionSchema>;
