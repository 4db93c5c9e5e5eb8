import type { Route } from './+types/activar';
import { ActivatePage } from '../../features/gestion/ActivatePage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Activa tu cuenta del equipo',
    description: 'Zona de gestión del despacho.',
    path: '/gestion/activar',
    noindex: true,
  });

export default function GestionActivateRoute() {
  return <ActivatePage />;
}
