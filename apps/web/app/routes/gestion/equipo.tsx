import type { Route } from './+types/equipo';
import { TeamPage } from '../../features/gestion/TeamPage';
import { pageMeta } from '../../lib/seo';

export { teamLoader as clientLoader } from '../../features/gestion/list-data';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Equipo',
    description: 'Zona de gestión del despacho.',
    path: '/gestion/equipo',
    noindex: true,
  });

export default function GestionTeamRoute({ loaderData }: Route.ComponentProps) {
  return <TeamPage team={loaderData} />;
}
