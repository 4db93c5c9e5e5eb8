import type { RetrievalWidgetEvent } from '@cbp/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../../config';
import type { Links } from '../../../links';
import { inlineScriptHashes, pageStart } from '../../../lib/html';
import { signedWebhookHeaders } from '../webhook';
import {
  SANDBOX_PREFIX,
  SANDBOX_SESSION_TTL_MS,
  type SandboxOutcome,
  type SandboxRetrievalProvider,
} from './provider';

const OUTCOMES: Record<string, SandboxOutcome> = {
  exito: 'success',
  'sin-documentos': 'no-documents',
  cancelar: 'cancelled',
  caducar: 'expired',
};

const EVENTS_AFTER: Record<SandboxOutcome, RetrievalWidgetEvent[]> = {
  success: ['results_screen_shown', 'session_completed'],
  'no-documents': ['results_screen_shown', 'session_completed'],
  cancelled: ['session_cancelled'],
  expired: ['session_expired'],
};

const WIDGET_SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById('datos').textContent);
  var status = document.getElementById('estado');
  function post(name) {
    window.parent.postMessage({ name: name, sessionId: data.sessionId }, data.targetOrigin);
  }
  function finish(outcome, button) {
    var buttons = document.querySelectorAll('button');
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true;
    status.textContent = 'Procesando…';
    fetch(data.actionUrl + '/' + outcome, { method: 'POST' })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        status.textContent = answer.message;
        (answer.events || []).forEach(post);
      })
      .catch(function () {
        status.textContent = 'No se pudo completar la acción. Inténtalo de nuevo.';
        for (var i = 0; i < buttons.length; i++) buttons[i].disabled = false;
        button.focus();
      });
  }
  var actions = document.querySelectorAll('[data-resultado]');
  for (var i = 0; i < actions.length; i++) {
    actions[i].addEventListener('click', function (event) {
      finish(event.currentTarget.getAttribute('data-resultado'), event.currentTarget);
    });
  }
  document.getElementById('cerrar').addEventListener('click', function () { post('user_requested_closure'); });
  if (data.expired) post('token_expired');
})();`;

const STYLE = `body{font-family:system-ui,Arial,sans-serif;margin:0;background:#f4f5f7;color:#1f2933}
main{max-width:32rem;margin:0 auto;padding:1.5rem}
.aviso{background:#fff7d6;border:1px solid #b38f00;padding:.75rem;border-radius:6px}
button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem;border-radius:6px;border:1px solid #1d4ed8;background:#fff;color:#1d4ed8;cursor:pointer}
button.principal{background:#1d4ed8;color:#fff}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
button:disabled{opacity:.6;cursor:not-allowed}`;

function widgetPage(
  sessionId: string,
  targetOrigin: string,
  finished: boolean,
  expired: boolean,
): string {
  const data = JSON.stringify({
    sessionId,
    targetOrigin,
    actionUrl: `${SANDBOX_PREFIX}/widget/${sessionId}`,
    expired,
  }).replace(/</g, '\\u003c');
  const closed = finished || expired;
  return `${pageStart('Acceso con Cl@ve PIN (entorno de pruebas)')}
<style>${STYLE}</style>
</head>
<body><main aria-labelledby="titulo">
<h1 id="titulo">Acceso con Cl@ve PIN</h1>
<p class="aviso" role="note"><strong>Entorno de pruebas.</strong> Esta pantalla imita la del proveedor: no se conecta con Hacienda ni con la Seguridad Social y no pide datos reales.</p>
${
  closed
    ? `<p>${expired ? 'La sesión ha caducado. Cierra esta ventana y empieza de nuevo.' : 'Esta sesión ya ha terminado.'}</p>`
    : `<p>Elige qué quieres simular:</p>
<button type="button" class="principal" data-resultado="exito">Simular acceso correcto con documentos</button>
<button type="button" data-resultado="sin-documentos">Simular acceso correcto sin documentos</button>
<button type="button" data-resultado="cancelar">Cancelar la sesión</button>
<button type="button" data-resultado="caducar">Simular sesión caducada</button>`
}
<button type="button" id="cerrar">Cerrar</button>
<p id="estado" role="status" aria-live="polite"></p>
</main>
<script type="application/json" id="datos">${data}</script>
<script>${WIDGET_SCRIPT}</script>
</body>
</html>`;
}

/** The sandbox page's own policy: only its inline script, only calls to this server. */
function widgetCsp(html: string, frameAncestors: readonly string[]): string {
  return [
    "default-src 'none'",
    `script-src ${inlineScriptHashes(html).join(' ')}`,
    "style-src 'unsafe-inline'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`,
  ].join('; ');
}

const localOrigin = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

const RESULT_MESSAGES: Record<SandboxOutcome, string> = {
  success: 'Documentos obtenidos. Ya puedes cerrar esta ventana.',
  'no-documents': 'Sesión completada, pero no se encontraron documentos.',
  cancelled: 'Sesión cancelada.',
  expired: 'La sesión ha caducado.',
};

/**
 * The sandbox widget (embedded default only): a pretend Cl@ve PIN screen that ends the session,
 * sends the signed webhook and posts the provider's window messages to the page that frames it.
 */
/** What the widget reads of the app: the origins it may answer to and the webhook's key. */
interface SandboxWidgetContext {
  config: AppConfig;
  links: Links;
  retrieval: { webhookSecret: string };
}

export function sandboxRoutes(
  app: FastifyInstance,
  { ctx, sandbox }: { ctx: SandboxWidgetContext; sandbox: SandboxRetrievalProvider },
  done: () => void,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ sessionId: z.string().max(100) });

  typed.get(
    `${SANDBOX_PREFIX}/widget/:sessionId`,
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params,
        querystring: z.object({ origen: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const session = await sandbox.findSession(request.params.sessionId);
      if (session === undefined) {
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(
            '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Sesión no encontrada</title></head><body><main><h1>Sesión no encontrada</h1><p>Empieza de nuevo desde tu área de clientes.</p></main></body></html>',
          );
      }
      const origins = [...ctx.config.allowedOrigins, ...ctx.config.retrieval.widgetOrigins];
      const asked = request.query.origen;
      const own = new URL(ctx.links.base()).origin;
      // The frame's parent: this origin, or the web served apart (a configured or local origin).
      const targetOrigin =
        asked !== undefined && (origins.includes(asked) || localOrigin.test(asked)) ? asked : own;
      const expired =
        session.status === 'expired' ||
        (session.status === 'created' &&
          Date.now() - session.createdAt.getTime() > SANDBOX_SESSION_TTL_MS);
      const html = widgetPage(session.id, targetOrigin, session.status !== 'created', expired);
      return reply
        .header(
          'content-security-policy',
          widgetCsp(html, [...new Set([...origins, targetOrigin])]),
        )
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );

  typed.post(
    `${SANDBOX_PREFIX}/widget/:sessionId/:outcome`,
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params: params.extend({ outcome: z.enum(Object.keys(OUTCOMES) as [string, ...string[]]) }),
      },
    },
    async (request, reply) => {
      const outcome = OUTCOMES[request.params.outcome] ?? 'cancelled';
      const session = await sandbox.findSession(request.params.sessionId);
      if (session === undefined) {
        return reply.code(404).send({ message: 'No se ha encontrado la sesión.', events: [] });
      }
      const finished = await sandbox.finish(session.id, outcome, new Date());
      if (!finished) {
        return reply.code(409).send({ message: 'Esta sesión ya ha terminado.', events: [] });
      }
      let webhook: 'entregado' | 'fallido' | 'no-aplica' = 'no-aplica';
      if (outcome === 'success' || outcome === 'no-documents') {
        webhook = await deliverWebhook(ctx, session.webhookUrl, {
          id: `evt_${session.id}_completed`,
          name: 'SESSION_COMPLETED',
          payload: { sessionId: session.id },
        });
      }
      return { message: RESULT_MESSAGES[outcome], events: EVENTS_AFTER[outcome], webhook };
    },
  );
  done();
}

async function deliverWebhook(
  ctx: SandboxWidgetContext,
  url: string,
  event: unknown,
): Promise<'entregado' | 'fallido'> {
  const body = JSON.stringify(event);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: signedWebhookHeaders(ctx.retrieval.webhookSecret, url, body, new Date()),
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return response.ok ? 'entregado' : 'fallido';
  } catch {
    return 'fallido';
  }
}
