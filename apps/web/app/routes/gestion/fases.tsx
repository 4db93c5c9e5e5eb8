import type { Route } from './+types/fases';
import { PhasesPage } from '../../features/gestion/PhasesPage';
import { pageMeta } from '../../lib/seo';

export { phasesLoader as clientLoader } from '../../features/gestion/list-data';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Fases del caso',
    description: 'Zona de gestión del despacho.',
    path: '/gestion/fases',
    noindex: true,
  });

export default function GestionPhasesRoute({ loaderData }: Route.ComponentProps) {
  return <PhasesPage phases={loaderData} />;
}
