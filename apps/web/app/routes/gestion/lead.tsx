import type { Route } from './+types/lead';
import { LeadPage } from '../../features/gestion/LeadPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Lead',
    description: 'Zona de gestión del despacho.',
    path: '/gestion/leads',
    noindex: true,
  });

export default function GestionLeadRoute() {
  return <LeadPage />;
}
