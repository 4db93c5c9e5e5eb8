import {
  billingStatusResponseSchema,
  billingStatusSchema,
  checkoutSessionQuerySchema,
  checkoutSessionResponseSchema,
  contractSignRequestSchema,
  contractSignResponseSchema,
  errorResponseSchema,
  idSchema,
  paymentRequestSchema,
  refundRequestSchema,
  RULES,
  transferInstructionsResponseSchema,
  transferReceiptRequestSchema,
  withdrawnMessage,
} from '@cbp/core';
import { z } from 'zod';
import { auditIp } from '../audit/service';
import { pdfRoute } from '../../plugins/downloads';
import { signingContextOf, signingRouteOptions } from '../contract/signing';
import { guardedPlugin, requireSession, requireStaff, sessionOf } from '../auth/guards';
import { sessionAndAddressLimit } from '../../plugins/rate-limit';
import {
  auditBy,
  denied as staffDenied,
  noStore,
  security as staffSecurity,
  tags as staffTags,
} from '../auth/staff-http';
import { openContractPdf, signContract } from './contract';
import {
  confirmTransfer,
  createCheckoutSession,
  statusForClient,
  transferInstructions,
} from './payment';
import { refundCase, withdraw } from './refund';
import { openReceipt, openReceiptForStaff, staffBillingStatus } from './service';

const tags = ['Honorarios y pago'];
const security = [{ bearerAuth: [] }];
const denied = { 401: errorResponseSchema, 404: errorResponseSchema };
const refused = { 400: errorResponseSchema, 409: errorResponseSchema, ...denied };
const limited = { 429: errorResponseSchema };
const withdrawalResponseSchema = z.object({
  message: z.string().max(300),
  data: billingStatusSchema,
});
const statusQuerySchema = z.object({ session_id: z.string().max(255).optional() });
const receiptParams = z.object({ paymentId: z.string().max(100) });
const leadParams = z.object({ leadId: idSchema });
const leadReceiptParams = leadParams.extend(receiptParams.shape);

/**
 * The client's plan, contract and payment (spec 02, sections 2.4, 4.5, 5): signing, the card
 * checkout (the spec's POST /api/stripe-session), transfer instructions, the payment status
 * the success page asks, downloads and withdrawal.
 */
export const billingPlugin = guardedPlugin(requireSession, (api, ctx) => {
  const limits = ctx.config.rateLimits;

  api.post(
    '/api/contrato',
    {
      schema: {
        summary: 'Firma el contrato: plan, forma de pago, las dos casillas y la firma',
        description:
          'Genera el PDF de evidencias (versión de las condiciones, plan, los dos consentimientos, nombre, correo, firma, hora UTC, IP y navegador), lo guarda cifrado, anota su SHA-256 en el registro de auditoría y envía la copia por correo (201). Firmar otra vez el mismo plan con la misma forma de pago mientras ese contrato está en vigor devuelve el mismo contrato (200) sin generar nada nuevo. Una versión de las condiciones que no es la vigente responde 409; demasiadas firmas de la sesión o de la dirección, 429.',
        tags,
        security,
        body: contractSignRequestSchema,
        response: {
          200: contractSignResponseSchema,
          201: contractSignResponseSchema,
          ...refused,
          ...limited,
        },
      },
      ...signingRouteOptions(ctx),
    },
    async (request, reply) => {
      const { contract: data, created } = await signContract(
        ctx,
        sessionOf(request),
        request.body,
        signingContextOf(request),
        request.log,
      );
      return reply
        .code(created ? 201 : 200)
        .headers(noStore)
        .send({ data });
    },
  );

  pdfRoute(
    api,
    '/api/contrato/pdf',
    { summary: 'Descarga el contrato firmado (PDF de evidencias, como adjunto)', tags, security },
    async (request) => {
      const { contract, content } = await openContractPdf(ctx, sessionOf(request));
      return { content, fileName: `contrato-${contract.signedAt.toISOString().slice(0, 10)}.pdf` };
    },
  );

  api.post(
    '/api/contrato/desistimiento',
    {
      schema: {
        summary: `Desiste del contrato (${String(RULES.contract.withdrawalCalendarDays)} días naturales desde que empezó)`,
        description:
          'Anota el desistimiento, cancela las cuotas pendientes y avisa al cliente y al despacho por correo; el despacho devuelve lo pagado. El mensaje dice si hay algo que devolver. Pasado el plazo responde 409.',
        tags,
        security,
        response: { 200: withdrawalResponseSchema, ...refused },
      },
    },
    async (request, reply) => {
      const data = await withdraw(ctx, sessionOf(request), auditIp(request), request.log);
      return reply.headers(noStore).send({ message: withdrawnMessage(data), data });
    },
  );

  api.post(
    '/api/stripe-session',
    {
      schema: {
        summary: 'Crea la sesión de pago con tarjeta (Stripe Checkout)',
        description:
          "leadId debe ser un caso de la propia sesión (si no, 404) y userId se toma siempre de la sesión. Hace falta un contrato firmado para pagar con tarjeta y el plan que corresponde a paymentType ('single' o 'split'); si no, 409. La sesión queda ligada a ese contrato: firmar de nuevo o desistir la cierra, y un pago de un contrato que ya no está en vigor se devuelve. El pago solo se confirma por los avisos firmados de Stripe.",
        tags,
        security,
        querystring: checkoutSessionQuerySchema,
        body: paymentRequestSchema,
        response: {
          200: checkoutSessionResponseSchema,
          502: errorResponseSchema,
          ...refused,
          ...limited,
        },
      },
      onRequest: sessionAndAddressLimit(
        ctx.db,
        'checkout',
        limits.checkout,
        limits.checkoutPerAddress,
      ),
    },
    async (request, reply) => {
      const answer = await createCheckoutSession(
        ctx,
        sessionOf(request),
        request.body,
        request.query,
        request.log,
      );
      return reply.headers(noStore).send(answer);
    },
  );

  api.post(
    '/api/pagos/transferencia',
    {
      schema: {
        summary: 'Datos para pagar por transferencia: importe, cuentas y referencia',
        tags,
        security,
        response: { 200: transferInstructionsResponseSchema, ...refused, ...limited },
      },
      onRequest: sessionAndAddressLimit(
        ctx.db,
        'transfer-instructions',
        limits.transferInstructions,
        limits.transferInstructionsPerAddress,
      ),
    },
    async (request, reply) => {
      const data = await transferInstructions(ctx, sessionOf(request));
      return reply.headers(noStore).send({ data });
    },
  );

  api.get(
    '/api/pagos/estado',
    {
      schema: {
        summary: 'Estado del contrato y de los pagos del caso',
        description:
          'Con session_id (la vuelta de la página de pago) se consulta la sesión a la pasarela desde el servidor; la vuelta por sí sola no confirma nada. Si ese pago era de un contrato que ya no está en vigor (firmado de nuevo o desistido), no se aplica al caso, se devuelve y la respuesta lo indica con pagoNoAplicado.',
        tags,
        security,
        querystring: statusQuerySchema,
        response: { 200: billingStatusResponseSchema, ...denied },
      },
    },
    async (request, reply) => {
      const data = await statusForClient(
        ctx,
        sessionOf(request),
        request.query.session_id,
        request.log,
      );
      return reply.headers(noStore).send({ data });
    },
  );

  pdfRoute(
    api,
    '/api/pagos/:paymentId/recibo',
    {
      summary: 'Descarga el recibo de un pago (PDF, como adjunto)',
      tags,
      security,
      params: receiptParams,
    },
    async (request) => {
      const { receiptNumber, content } = await openReceipt(
        ctx,
        sessionOf(request),
        request.params.paymentId,
      );
      return { content, fileName: `recibo-${receiptNumber}.pdf` };
    },
  );
});

/** The back-office's side: the case's payments, transfers received and refunds. */
export const billingStaffPlugin = guardedPlugin(requireStaff('any'), (api, ctx) => {
  api.get(
    '/leads/:leadId/pagos',
    {
      schema: {
        summary: 'Contrato y pagos de un caso',
        tags: staffTags,
        security: staffSecurity,
        params: leadParams,
        response: { 200: billingStatusResponseSchema, 404: errorResponseSchema, ...staffDenied },
      },
    },
    async (request, reply) => {
      const data = await staffBillingStatus(ctx, request.params.leadId);
      return reply.headers(noStore).send({ data });
    },
  );

  pdfRoute(
    api,
    '/leads/:leadId/pagos/:paymentId/recibo',
    {
      summary: 'Descarga el recibo de un pago del caso (queda anotado en el registro de auditoría)',
      description: 'Responde 404 si el pago no es de ese caso o aún no tiene recibo.',
      tags: staffTags,
      security: staffSecurity,
      params: leadReceiptParams,
    },
    async (request) => {
      const { receiptNumber, content } = await openReceiptForStaff(
        ctx,
        request.params.leadId,
        request.params.paymentId,
        auditBy(request),
      );
      return { content, fileName: `recibo-${receiptNumber}.pdf` };
    },
  );

  api.post(
    '/leads/:leadId/pagos/transferencia',
    {
      schema: {
        summary: 'Confirma una transferencia recibida (pago único, inicial o una cuota)',
        description:
          'El importe debe ser el del pago indicado. Genera el recibo, convierte la cuenta en CLIENTE con el primer pago y avisa al cliente por correo.',
        tags: staffTags,
        security: staffSecurity,
        params: leadParams,
        body: transferReceiptRequestSchema,
        response: {
          200: billingStatusResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
          ...staffDenied,
        },
      },
    },
    async (request, reply) => {
      const by = auditBy(request);
      const data = await confirmTransfer(ctx, request.params.leadId, request.body, by);
      return reply.headers(noStore).send({ data });
    },
  );

  api.post(
    '/leads/:leadId/reembolso',
    {
      schema: {
        summary: 'Devuelve lo pagado (desistimiento o rechazo del banco)',
        description:
          'Con tarjeta, ordena la devolución a la pasarela (se anota al llegar su aviso); por transferencia, anota la transferencia hecha por el despacho. Cancela las cuotas pendientes y avisa al cliente.',
        tags: staffTags,
        security: staffSecurity,
        params: leadParams,
        body: refundRequestSchema,
        response: {
          200: billingStatusResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          502: errorResponseSchema,
          ...staffDenied,
        },
      },
    },
    async (request, reply) => {
      const data = await refundCase(
        ctx,
        request.params.leadId,
        request.body,
        auditBy(request),
        request.log,
      );
      return reply.headers(noStore).send({ data });
    },
  );
});
