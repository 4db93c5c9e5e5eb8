import { TextLink } from '@cbp/ui';
import { Link } from 'react-router';

import type { Route } from './+types/not-found';
import { NOT_FOUND } from '../content/not-found';
import type { RouteHandle } from '../lib/route-handle';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: NOT_FOUND.title,
    description: NOT_FOUND.message,
    path: location.pathname,
    noindex: true,
  });

export const handle: RouteHandle = { hero: false, cta: true };

/** Any address that is no page of the site (served from the client-rendered fallback). */
export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-16 lg:px-8">
      <h1 className="text-3xl leading-tight font-bold lg:text-4xl">{NOT_FOUND.title}</h1>
      <p className="text-lg">
        {NOT_FOUND.message} Comprueba que está bien escrita o sigue por alguna de estas páginas:
      </p>
      <ul className="flex list-disc flex-col gap-2 ps-6 text-lg">
        <li>
          <TextLink asChild>
            <Link to="/">Página de inicio</Link>
          </TextLink>
        </li>
        <li>
          <TextLink asChild>
            <Link to="/simulador">Comprobar si cumplo los requisitos</Link>
          </TextLink>
        </li>
        <li>
          <TextLink asChild>
            <Link to="/como-funciona">Cómo funciona el Código de Buenas Prácticas</Link>
          </TextLink>
        </li>
      </ul>
    </section>
  );
}
