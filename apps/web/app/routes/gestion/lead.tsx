import type { Route } from './+types/lead';
import { LeadLoadFailure, LeadPage } from '../../features/gestion/LeadPage';
import { pageMeta } from '../../lib/seo';

export { leadAction as clientAction } from '../../features/gestion/lead-actions';
export { leadLoader as clientLoader } from '../../features/gestion/lead-data';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Lead',
    description: 'Zona de gestión del despacho.',
    path: '/gestion/leads',
    noindex: true,
  });

export default function GestionLeadRoute({ loaderData, params }: Route.ComponentProps) {
  // Another lead (a link under 'Otros contactos') is another page: nothing typed or shown for
  // the previous one may carry over to it.
  return <LeadPage key={params.leadId} data={loaderData} />;
}

export function ErrorBoundary() {
  return <LeadLoadFailure />;
}
