import type { Route } from './+types/login';
import { LoginPage } from '../../features/gestion/LoginPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Acceso del equipo',
    description: 'Zona de gestión del despacho.',
    path: '/gestion/login',
    noindex: true,
  });

export default function GestionLoginRoute() {
  return <LoginPage />;
}
