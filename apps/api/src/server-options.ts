import type { AppConfig } from './config';
import { loggerOptions, REQUEST_ID_HEADER, requestIdFrom } from './lib/logging';
import { clientErrorHandler, frameworkErrorHandler } from './plugins/errors';
import { fixedSecurityHeaders, helmetOptions } from './plugins/security-headers';

/** How the Fastify server is made: logs, limits, time-outs and the answers given before routing. */
export function serverOptions(
  config: AppConfig,
  options: { logger?: boolean; logStream?: NodeJS.WritableStream },
) {
  const headers = fixedSecurityHeaders(helmetOptions(config.production));
  return {
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) =>
      requestIdFrom(request.headers[REQUEST_ID_HEADER]),
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
  } as const;
}
