import { RULES } from '@cbp/core';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { telHref, TextLink, themeClassNames, ToastProvider } from '@cbp/ui';
import * as React from 'react';
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from 'react-router';

import type { Route } from './+types/root';
import './app.css';
import { isIslandPage } from './config/public-routes';
import { SITE } from './config/site';
import { NOT_FOUND } from './content/not-found';
import { AuthProvider } from './lib/auth/context';
import { normalizePath } from './lib/current-path';
import { IslandServerContext } from './lib/islands/server';
import { MAIN_ID } from './lib/main-id';
import { PageLinkContext, RouterLocationKeyContext } from './lib/page-context';
import { PageLoading } from './lib/page-loading';
import { RouteAnnouncer } from './lib/route-focus';
import { routerLink } from './lib/router-link';

const TOAST_DURATIONS = {
  success: RULES.timings.toastSuccessMs,
  info: RULES.timings.toastSuccessMs,
};

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // The kit's font for Spanish text, fetched with the page rather than once the stylesheet asks
  // for it: text paints in Inter at once instead of moving when it arrives (the cookie banner
  // grew by 48 px on a phone). The same file as the one the kit's theme.css names.
  {
    rel: 'preload',
    as: 'font',
    type: 'font/woff2',
    href: interLatin,
    crossOrigin: 'anonymous',
  },
];

export function Layout({ children }: { children: React.ReactNode }) {
  // The reading pages start their islands without the router: the build gives them their own
  // script (lib/islands/start.ts, react-router.config.ts).
  const path = normalizePath(useLocation().pathname);
  const islandServer = React.useContext(IslandServerContext);
  const withRouter = islandServer?.islandPagesWithoutRouter !== true || !isIslandPage(path);
  return (
    <html lang="es" className={themeClassNames.firm}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {withRouter ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has taken over the prerendered HTML: the page's early
  // input script then hands over what was typed and tapped before (prerender/early-input.ts),
  // and tests know clicks now do something.
  React.useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const { key } = useLocation();

  return (
    <PageLinkContext value={routerLink}>
      <RouterLocationKeyContext value={key}>
        <AuthProvider>
          <ToastProvider durations={TOAST_DURATIONS}>
            <RouteAnnouncer />
            <Outlet />
          </ToastProvider>
        </AuthProvider>
      </RouterLocationKeyContext>
    </PageLinkContext>
  );
}

/** What the client-rendered fallback (/app and unknown addresses) shows until the app starts. */
export function HydrateFallback() {
  return <PageLoading />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? NOT_FOUND.title : 'Algo ha salido mal';
  const message = notFound
    ? NOT_FOUND.message
    : 'Ha ocurrido un error inesperado al mostrar esta página. Vuelve a intentarlo dentro de un momento.';
  if (!notFound) console.error(error);
  return (
    <main id={MAIN_ID} className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-16">
      <title>{`${title} · ${SITE.name}`}</title>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-lg">{message}</p>
      <p className="text-lg">
        Puedes volver a la{' '}
        <TextLink asChild>
          <Link to="/">página de inicio</Link>
        </TextLink>{' '}
        o llamarnos al{' '}
        <TextLink href={telHref(SITE.phone)} className="whitespace-nowrap">
          {SITE.phone}
        </TextLink>
        .
      </p>
    </main>
  );
}
