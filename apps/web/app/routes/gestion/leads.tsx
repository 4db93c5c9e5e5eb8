import type { Route } from './+types/leads';
import { LeadsPage } from '../../features/gestion/LeadsPage';
import { pageMeta } from '../../lib/seo';

export { leadsLoader as clientLoader } from '../../features/gestion/list-data';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Leads',
    description: 'Zona de gestión del despacho.',
    path: '/gestion/leads',
    noindex: true,
  });

export default function GestionLeadsRoute({ loaderData }: Route.ComponentProps) {
  return <LeadsPage data={loaderData} />;
}
