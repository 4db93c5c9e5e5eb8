import { createHash } from 'node:crypto';
import { formatEuros, RULES } from '@cbp/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml, pageStart } from '../../../lib/html';
import { PAYMENT_SANDBOX_PREFIX, type SandboxPaymentGateway } from './gateway';
import { isExpired, type SandboxSession, successUrlFor } from './objects';

/** Stripe Checkout's Spanish wording for a declined card. */
export const CARD_DECLINED_MESSAGE =
  'Se ha rechazado tu tarjeta. Prueba con otra tarjeta o ponte en contacto con tu banco.';

const STYLE = `body{font-family:system-ui,Arial,sans-serif;margin:0;background:#f4f5f7;color:#1f2933;line-height:1.5}
main{max-width:32rem;margin:0 auto;padding:1.5rem}
.aviso{background:#fff7d6;border:1px solid #8a6d00;padding:.75rem;border-radius:6px}
.error{background:#fdecea;border:2px solid #b3261e;padding:.75rem;border-radius:6px;margin:1rem 0}
.error h2{margin:0 0 .25rem;font-size:1.1rem;color:#8c1d18}
.error:focus{outline:3px solid #f59e0b;outline-offset:2px}
dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:.25rem 1rem;background:#fff;border:1px solid #cbd2d9;border-radius:6px;padding:1rem}
dt{font-weight:600}dd{margin:0;min-width:0;overflow-wrap:anywhere}
@media (max-width:30rem){dl{grid-template-columns:minmax(0,1fr)}dd+dt{margin-top:.5rem}}
form{margin:.5rem 0}
button,a.boton{display:block;box-sizing:border-box;width:100%;padding:.75rem;font:inherit;font-size:1rem;border-radius:6px;border:1px solid #1d4ed8;background:#fff;color:#1d4ed8;cursor:pointer;text-align:center;text-decoration:none}
button.principal,a.boton{background:#1d4ed8;color:#fff}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const ACTIONS = ['pagar', 'rechazar', 'cancelar'] as const;

interface PageOptions {
  declined: boolean;
}

function amountRows(session: SandboxSession): string {
  const plan = RULES.plans[session.plan];
  const rows: [string, string][] = [['Plan', plan.nombre]];
  if (session.mode === 'payment') {
    rows.push(['Importe', formatEuros(session.amountTotalCents / 100)]);
  } else {
    const monthly = formatEuros((session.monthlyCents ?? 0) / 100);
    rows.push(
      ['Hoy pagas', formatEuros(session.amountTotalCents / 100)],
      ['Después', `${String(RULES.plans.fraccionado.cuotas)} cuotas mensuales de ${monthly}`],
      ['Total', formatEuros(RULES.plans.fraccionado.precio)],
    );
  }
  if (session.customerEmail !== null) rows.push(['Correo electrónico', session.customerEmail]);
  return rows
    .map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('\n');
}

function page(title: string, body: string): string {
  return `${pageStart(title)}
<style>${STYLE}</style>
</head>
<body><main>
<p class="aviso" role="note"><strong>Entorno de pruebas.</strong> Esta página imita la de pago de Stripe: no se cobra nada y no hace falta escribir los datos de ninguna tarjeta.</p>
${body}
</main></body>
</html>`;
}

export function checkoutPage(session: SandboxSession, now: Date, options: PageOptions): string {
  const action = (name: (typeof ACTIONS)[number]) =>
    `${PAYMENT_SANDBOX_PREFIX}/checkout/${session.id}/${name}`;
  if (session.status === 'complete') {
    return page(
      'Pago completado · Entorno de pruebas',
      `<h1>Este pago ya está hecho</h1>
<dl>
${amountRows(session)}
</dl>
<p><a class="boton" href="${escapeHtml(successUrlFor(session))}">Volver al servicio</a></p>`,
    );
  }
  if (isExpired(session, now)) {
    return page(
      'Página de pago caducada · Entorno de pruebas',
      `<h1>Esta página de pago ha caducado</h1>
<p>Vuelve al servicio y elige de nuevo cómo pagar.</p>
<p><a class="boton" href="${escapeHtml(session.cancelUrl)}">Volver al servicio</a></p>`,
    );
  }
  const error = options.declined
    ? `<div class="error" role="alert" tabindex="-1" autofocus>
<h2>No se ha podido hacer el pago</h2>
<p>${CARD_DECLINED_MESSAGE}</p>
</div>`
    : '';
  return page(
    `${options.declined ? 'Error: ' : ''}Pago con tarjeta · Entorno de pruebas`,
    `${error}
<h1>Pagar con tarjeta</h1>
<dl>
${amountRows(session)}
</dl>
<form method="post" action="${action('pagar')}"><button type="submit" class="principal">Pagar</button></form>
<form method="post" action="${action('rechazar')}"><button type="submit">Simular tarjeta rechazada</button></form>
<form method="post" action="${action('cancelar')}"><button type="submit">Cancelar</button></form>`,
  );
}

const NOT_FOUND_PAGE = page(
  'Página de pago no encontrada · Entorno de pruebas',
  '<h1>Página de pago no encontrada</h1><p>Vuelve a tu área de clientes y empieza de nuevo el pago.</p>',
);

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The page's own policy: no script at all, only its style by hash, and forms that may post
 * here and, after the redirect, land on the service's result pages (browsers check the
 * redirect of a form against form-action).
 */
function checkoutCsp(session: SandboxSession | undefined): string {
  const targets = new Set(["'self'"]);
  for (const url of session === undefined ? [] : [session.successUrl, session.cancelUrl]) {
    const origin = originOf(url);
    if (origin !== undefined) targets.add(origin);
  }
  return [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    `form-action ${[...targets].join(' ')}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function sendPage(
  reply: FastifyReply,
  status: number,
  html: string,
  session: SandboxSession | undefined,
) {
  return reply
    .code(status)
    .header('content-security-policy', checkoutCsp(session))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The sandbox checkout page (embedded default only): 'Pagar' completes the session, sends the
 * signed events to the webhook endpoint and goes to the success URL; a declined card stays on
 * the page with Stripe's message; 'Cancelar' goes to the cancel URL.
 */
export async function paymentSandboxRoutes(
  app: FastifyInstance,
  { sandbox }: { sandbox: SandboxPaymentGateway },
): Promise<void> {
  sandbox.useLogger(app.log);
  await app.register((scope, _options, done) => {
    // The page's forms post no fields; their body is read and dropped.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, _body, parsed) => {
        parsed(null, {});
      },
    );
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const params = z.object({ sessionId: z.string().max(200) });

    typed.get(
      `${PAYMENT_SANDBOX_PREFIX}/checkout/:sessionId`,
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          params,
          querystring: z.object({ resultado: z.string().max(40).optional() }),
        },
      },
      async (request, reply) => {
        const session = await sandbox.findSession(request.params.sessionId);
        if (session === undefined) return sendPage(reply, 404, NOT_FOUND_PAGE, undefined);
        const declined = request.query.resultado === 'tarjeta-rechazada';
        return sendPage(reply, 200, checkoutPage(session, new Date(), { declined }), session);
      },
    );

    typed.post(
      `${PAYMENT_SANDBOX_PREFIX}/checkout/:sessionId/:action`,
      {
        config: { access: 'public' },
        schema: { hide: true, params: params.extend({ action: z.enum(ACTIONS) }) },
      },
      async (request, reply) => {
        const session = await sandbox.findSession(request.params.sessionId);
        if (session === undefined) return sendPage(reply, 404, NOT_FOUND_PAGE, undefined);
        const pageUrl = `${PAYMENT_SANDBOX_PREFIX}/checkout/${session.id}`;
        switch (request.params.action) {
          case 'cancelar':
            return reply.redirect(session.cancelUrl, 303);
          case 'rechazar':
            return reply.redirect(`${pageUrl}?resultado=tarjeta-rechazada`, 303);
          case 'pagar': {
            const paid = await sandbox.pay(session.id, new Date());
            // Already paid or expired: the page says which.
            if (paid === undefined) return reply.redirect(pageUrl, 303);
            for (const { event, delivery } of paid.sent) {
              if (delivery === 'fallido') {
                request.log.warn(
                  { event: event.id, type: event.type },
                  'El simulador de pagos no pudo entregar un aviso',
                );
              }
            }
            return reply.redirect(successUrlFor(paid.session), 303);
          }
        }
      },
    );
    done();
  });
}
