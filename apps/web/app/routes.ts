import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  layout('layouts/account.tsx', [
    route('login', 'routes/login.tsx'),
    route('reset-password-request', 'routes/reset-password-request.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
  ]),
  layout('layouts/public.tsx', [
    index('routes/home.tsx'),
    route('como-funciona', 'routes/como-funciona.tsx'),
    route('documentacion', 'routes/documentacion.tsx'),
    route('honorarios', 'routes/honorarios.tsx'),
    route('simulador', 'routes/simulador.tsx'),
    route('cumple-requisitos', 'routes/cumple-requisitos.tsx'),
    route('no-cumple-requisitos', 'routes/no-cumple-requisitos.tsx'),
    route('politica-privacidad', 'routes/politica-privacidad.tsx'),
    route('aviso-legal', 'routes/aviso-legal.tsx'),
    route('politica-cookies', 'routes/politica-cookies.tsx'),
    route('condiciones-generales', 'routes/condiciones-generales.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  layout('layouts/private.tsx', [
    route('app', 'routes/app/index.tsx'),
    route('app/obtener-documentos', 'routes/app/obtener-documentos.tsx'),
    // The spec's second address of the same screen.
    route('app/documentos', 'routes/app/obtener-documentos.tsx', { id: 'routes/app/documentos' }),
    route('app/honorarios', 'routes/app/honorarios.tsx'),
    route('app/revisar-expediente', 'routes/app/revisar-expediente.tsx'),
    route('app/pago-completado', 'routes/app/pago-completado.tsx'),
    route('app/pago-cancelado', 'routes/app/pago-cancelado.tsx'),
    route('app/enviar-expediente', 'routes/app/enviar-expediente.tsx'),
    route('app/estado-caso', 'routes/app/estado-caso.tsx'),
    route('app/*', 'routes/app/not-found.tsx'),
  ]),
  layout('layouts/gestion.tsx', [
    route('gestion/login', 'routes/gestion/login.tsx'),
    route('gestion/activar', 'routes/gestion/activar.tsx'),
    layout('features/gestion/GestionFrame.tsx', [
      route('gestion', 'routes/gestion/index.tsx'),
      route('gestion/leads', 'routes/gestion/leads.tsx'),
      route('gestion/leads/:leadId', 'routes/gestion/lead.tsx'),
      route('gestion/fases', 'routes/gestion/fases.tsx'),
      route('gestion/indices', 'routes/gestion/indices.tsx'),
      route('gestion/equipo', 'routes/gestion/equipo.tsx'),
      route('gestion/auditoria', 'routes/gestion/auditoria.tsx'),
      route('gestion/*', 'routes/gestion/not-found.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
