import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { UPLOAD_PATH } from '@cbp/core';
import { z } from 'zod';
import type { AppContext } from './context';
import { databaseAnswers } from './db/client';
import { echoRequestId } from './lib/logging';
import { registerGuards } from './modules/auth/guards';
import { authRoutes } from './modules/auth/routes';
import { billingEventHandler } from './modules/billing/events';
import { billingPlugin, billingStaffPlugin } from './modules/billing/routes';
import { calculationsPlugin } from './modules/calculations/routes';
import { CASE_PARTS } from './case-parts';
import { casePlugin } from './modules/case/routes';
import { declarationPlugin, declarationStaffPlugin } from './modules/declaration/routes';
import { devtoolsRoutes } from './modules/devtools/routes';
import { documentsPlugin, uploadsPlugin } from './modules/documents/routes';
import { healthRoutes } from './modules/health/routes';
import { leadRoutes } from './modules/leads/routes';
import { loadOwnedLead } from './modules/case-access/access';
import { type PaymentEventHandler, paymentWebhookPlugin } from './modules/payments/webhook-routes';
import { retrievalRoutes } from './modules/retrieval/routes';
import { retrievalEventHandler } from './modules/retrieval/service';
import {
  type RetrievalEventHandler,
  retrievalWebhookPlugin,
} from './modules/retrieval/webhook-routes';
import { reviewPlugin } from './modules/review/routes';
import { staffPlugin } from './modules/staff/routes';
import { submissionPlugin } from './modules/submission/routes';
import cors from './plugins/cors';
import { registerDownloads } from './plugins/downloads';
import { notFoundJson, registerErrorHandling } from './plugins/errors';
import helmet from './plugins/helmet';
import multipart from './plugins/multipart';
import rateLimit from './plugins/rate-limit';
import swagger from './plugins/swagger';
import { webApp } from './plugins/web-app';
import { paymentSandboxRoutes } from './providers/payments/sandbox/routes';
import { sandboxRoutes } from './providers/retrieval/sandbox/routes';
import { serverOptions } from './server-options';

// Default zod messages in Spanish for anything a shared schema does not word itself.
z.config(z.locales.es());

export interface BuildOptions {
  /** False silences the logs. */
  logger?: boolean;
  /** Where the JSON log lines go (standard output by default). */
  logStream?: NodeJS.WritableStream;
  /** What a retrieval webhook does the first time it arrives (the client routes set it). */
  onRetrievalEvent?: RetrievalEventHandler;
  /** What a payment webhook does the first time it arrives (the payment routes set it). */
  onPaymentEvent?: PaymentEventHandler;
}

export async function buildApp(
  ctx: AppContext,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify(serverOptions(config, options));
  echoRequestId(app);
  ctx.metrics.instrument(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, () => databaseAnswers(ctx.db));

  await app.register(helmet, { ctx });
  await app.register(cors, { ctx });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  // Only the staff refresh cookie is read (decision 0596); no cookie is signed or parsed elsewhere.
  await app.register(fastifyCookie);
  await app.register(rateLimit, { ctx });
  await app.register(multipart);
  await app.register(swagger);

  // After helmet, CORS and the rate limiter, whose hooks must run on refused requests too.
  registerGuards(app, ctx, loadOwnedLead);
  registerDownloads(app);
  await app.register(healthRoutes, { ctx });
  await app.register(leadRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(calculationsPlugin, { ctx, prefix: '/api/calculations' });
  await app.register(casePlugin, { ctx, prefix: '/api/case', ...CASE_PARTS });
  await app.register(reviewPlugin, { ctx, prefix: '/api/expediente' });
  await app.register(documentsPlugin, { ctx, prefix: '/api/documents' });
  await app.register(uploadsPlugin, { ctx, prefix: UPLOAD_PATH });
  await app.register(submissionPlugin, { ctx, prefix: '/api/expediente/envio' });
  await app.register(declarationPlugin, { ctx, prefix: '/api/expediente/declaracion' });
  await app.register(staffPlugin, { ctx, prefix: '/api/gestion' });
  await app.register(billingPlugin, { ctx });
  await app.register(billingStaffPlugin, { ctx, prefix: '/api/gestion' });
  await app.register(declarationStaffPlugin, { ctx, prefix: '/api/gestion' });
  await app.register(retrievalRoutes, { ctx });
  await app.register(retrievalWebhookPlugin, {
    ctx,
    onEvent: options.onRetrievalEvent ?? retrievalEventHandler(ctx, app.log),
  });
  await app.register(paymentWebhookPlugin, {
    ctx,
    onEvent: options.onPaymentEvent ?? billingEventHandler(ctx, app.log),
  });
  // Like the mailbox: the sandbox widget and checkout page exist only outside production.
  if (!config.production && ctx.retrieval.sandbox !== undefined) {
    await app.register(sandboxRoutes, { ctx, sandbox: ctx.retrieval.sandbox });
  }
  if (!config.production && ctx.payments.sandbox !== undefined) {
    await app.register(paymentSandboxRoutes, { sandbox: ctx.payments.sandbox });
  }
  // Checked again here: a hand-built configuration must not open the mailbox in production either.
  if (config.devMailbox && !config.production) await app.register(devtoolsRoutes, { ctx });
  await app.register(webApp, { ctx });
  app.setNotFoundHandler(notFoundJson);

  return app;
}
