import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { RULES, STAFF_SESSION_HEADER, UPLOAD_PATH } from '@cbp/core';
import { z } from 'zod';
import type { AppContext } from './context';
import { ApiError, messages } from './lib/errors';
import { loggerOptions, REQUEST_ID_HEADER, requestIdFrom } from './lib/logging';
import { originAllowed } from './lib/origins';
import { authRoutes } from './modules/auth/routes';
import { registerGuards } from './modules/auth/guards';
import { calculationsPlugin } from './modules/calculations/routes';
import { calculationsHistoryOf } from './modules/calculations/history';
import { calculatorStepState } from './modules/calculations/service';
import { casePlugin } from './modules/case/routes';
import { caseStatusStepState } from './modules/case/status';
import { documentsHistoryOf } from './modules/documents/history';
import { documentsPlugin, uploadsPlugin } from './modules/documents/routes';
import { documentsStepState } from './modules/documents/service';
import { billingPlugin, billingStaffPlugin } from './modules/billing/routes';
import { billingEventHandler } from './modules/billing/events';
import { billingHistoryOf } from './modules/billing/history';
import { planStepState } from './modules/billing/service';
import { leadHistoryOf } from './modules/leads/history';
import { reviewPlugin } from './modules/review/routes';
import { reviewHistoryOf, reviewStepState } from './modules/review/service';
import { submissionHistoryOf } from './modules/submission/history';
import { devtoolsRoutes } from './modules/devtools/routes';
import { healthRoutes } from './modules/health/routes';
import { leadRoutes } from './modules/leads/routes';
import { staffPlugin } from './modules/staff/routes';
import { submissionPlugin } from './modules/submission/routes';
import { declarationHistoryOf } from './modules/declaration/history';
import { declarationPlugin, declarationStaffPlugin } from './modules/declaration/routes';
import { submissionStepState } from './modules/submission/service';
import {
  type RetrievalEventHandler,
  retrievalWebhookPlugin,
} from './modules/retrieval/webhook-routes';
import { sandboxRoutes } from './providers/retrieval/sandbox/routes';
import { type PaymentEventHandler, paymentWebhookPlugin } from './modules/payments/webhook-routes';
import { paymentSandboxRoutes } from './providers/payments/sandbox/routes';
import { retrievalRoutes } from './modules/retrieval/routes';
import { retrievalEventHandler } from './modules/retrieval/service';
import { databaseAnswers } from './db/client';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  notFoundJson,
  registerErrorHandling,
} from './plugins/errors';
import { fixedSecurityHeaders, helmetOptions } from './plugins/security-headers';
import { postgresRateLimitStore } from './plugins/rate-limit-store';
import { hasWebBuild, registerWebApp } from './plugins/web-app';

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

/** What a tus client sends and must read back across origins (uploads, decision 0471). */
const TUS_REQUEST_HEADERS = [
  'Tus-Resumable',
  'Upload-Length',
  'Upload-Offset',
  'Upload-Metadata',
  'Upload-Defer-Length',
  'Upload-Concat',
];
const TUS_RESPONSE_HEADERS = [
  'Location',
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Extension',
  'Tus-Max-Size',
  'Upload-Offset',
  'Upload-Length',
  'Upload-Metadata',
  'Upload-Expires',
  'Upload-Defer-Length',
];

export async function buildApp(
  ctx: AppContext,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const { config } = ctx;
  const security = helmetOptions(config.production);
  const headers = fixedSecurityHeaders(security);
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (request) => requestIdFrom(request.headers[REQUEST_ID_HEADER]),
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    connectionTimeout: config.timeouts.idleMs,
    requestTimeout: config.timeouts.requestMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      // How often Node looks for requests past their time; its default (30 s) would add up to 30 s.
      connectionsCheckingInterval: Math.min(1000, config.timeouts.headersMs),
    },
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
  });
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  ctx.metrics.instrument(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, () => databaseAnswers(ctx.db));

  await app.register(fastifyHelmet, security);

  await app.register(fastifyCors, {
    origin(origin, callback) {
      const allowed = origin === undefined || originAllowed(config, origin);
      callback(null, allowed);
    },
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'Content-Type',
      'Authorization',
      'Idempotency-Key',
      STAFF_SESSION_HEADER,
      ...TUS_REQUEST_HEADERS,
    ],
    exposedHeaders: [...TUS_RESPONSE_HEADERS, 'Content-Disposition', 'X-Request-Id'],
    maxAge: 600,
  });

  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  // Only the staff refresh cookie is read (decision 0596); no cookie is signed or parsed elsewhere.
  await app.register(fastifyCookie);

  await app.register(fastifyRateLimit, {
    global: false,
    store: postgresRateLimitStore(ctx.db),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, messages.tooManyRequests(Math.ceil(context.ttl / 60_000))),
  });

  await app.register(fastifyMultipart, {
    // The one upload limit of the product (decision 0102).
    limits: { fileSize: RULES.documents.maxFileBytes, files: 1, fields: 10 },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'API del Código de Buenas Prácticas',
        description:
          'Leads del simulador, cuentas y sesiones. Todos los mensajes de error están en español en el campo `message`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: false });

  // After helmet, CORS and the rate limiter, whose hooks must run on refused requests too.
  registerGuards(app, ctx);
  healthRoutes(app, ctx);
  leadRoutes(app, ctx);
  authRoutes(app, ctx);
  await app.register(calculationsPlugin(ctx), { prefix: '/api/calculations' });
  await app.register(
    casePlugin(
      ctx,
      {
        'calcular-cuota': calculatorStepState,
        'obtener-documentos': documentsStepState,
        'seleccionar-plan': planStepState,
        'revisar-expediente': reviewStepState,
        'enviar-expediente': submissionStepState,
        'estado-caso': caseStatusStepState,
      },
      [
        leadHistoryOf,
        calculationsHistoryOf,
        documentsHistoryOf,
        billingHistoryOf,
        reviewHistoryOf,
        declarationHistoryOf,
        submissionHistoryOf,
      ],
    ),
    { prefix: '/api/case' },
  );
  await app.register(reviewPlugin(ctx), { prefix: '/api/expediente' });
  await app.register(documentsPlugin(ctx), { prefix: '/api/documents' });
  await app.register(uploadsPlugin(ctx), { prefix: UPLOAD_PATH });
  await app.register(submissionPlugin(ctx), { prefix: '/api/expediente/envio' });
  await app.register(declarationPlugin(ctx), { prefix: '/api/expediente/declaracion' });
  await app.register(staffPlugin(ctx), { prefix: '/api/gestion' });
  await app.register(billingPlugin(ctx));
  await app.register(billingStaffPlugin(ctx), { prefix: '/api/gestion' });
  await app.register(declarationStaffPlugin(ctx), { prefix: '/api/gestion' });
  retrievalRoutes(app, ctx);
  await retrievalWebhookPlugin(
    app,
    ctx,
    options.onRetrievalEvent ?? retrievalEventHandler(ctx, app.log),
  );
  await paymentWebhookPlugin(app, ctx, options.onPaymentEvent ?? billingEventHandler(ctx, app.log));
  // Like the mailbox: the sandbox widget and checkout page exist only outside production.
  if (!config.production && ctx.retrieval.sandbox !== undefined) {
    sandboxRoutes(app, ctx, ctx.retrieval.sandbox);
  }
  if (!config.production && ctx.payments.sandbox !== undefined) {
    await paymentSandboxRoutes(app, ctx.payments.sandbox);
  }
  // Checked again here: a hand-built configuration must not open the mailbox in production either.
  if (config.devMailbox && !config.production) devtoolsRoutes(app, ctx);

  if (hasWebBuild(config.webDir)) {
    await registerWebApp(app, {
      webDir: config.webDir,
      connectSources: config.allowedOrigins,
      // The sandbox widget is served from this origin; the provider's from its own.
      frameSources: [
        ...(ctx.retrieval.sandbox === undefined ? [] : ["'self'"]),
        ...config.retrieval.widgetOrigins,
      ],
    });
  } else {
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(noWebBuildPage(config.devMailbox && !config.production)),
    );
  }
  app.setNotFoundHandler(notFoundJson);

  return app;
}

function noWebBuildPage(devMailbox: boolean): string {
  const mailbox = devMailbox
    ? '<li><a href="/dev/correo">Buzón de correo de desarrollo</a></li>'
    : '';
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>API del Código de Buenas Prácticas</title></head>
<body style="font-family:system-ui,Arial,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem">
<h1>El servidor está en marcha</h1>
<p>No se ha encontrado la web compilada (apps/web/build/client). Ejecuta <code>pnpm build</code> y vuelve a arrancar para servirla desde aquí.</p>
<ul><li><a href="/api/docs">Documentación de la API</a></li><li><a href="/health-check">Estado del servicio</a></li>${mailbox}</ul>
</body></html>`;
}
