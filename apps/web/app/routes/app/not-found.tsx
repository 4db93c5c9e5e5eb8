import { TextLink } from '@cbp/ui';
import { Link } from 'react-router';

import type { Route } from './+types/not-found';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: 'Página no encontrada',
    description: 'Esta sección de tu zona de cliente no existe.',
    path: location.pathname,
    noindex: true,
  });

/** An address under /app that is no page of the private area. */
export default function PrivateNotFound() {
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <h1 className="text-3xl leading-tight font-bold">Página no encontrada</h1>
      <p className="text-lg">Esta sección de tu zona de cliente no existe o ha cambiado.</p>
      <p className="text-lg">
        <TextLink asChild>
          <Link to="/app">Volver al inicio de tu zona de cliente</Link>
        </TextLink>
      </p>
    </div>
  );
}
