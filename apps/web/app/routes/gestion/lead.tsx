import { useParams } from 'react-router';

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
  // Another lead (a link under 'Otros contactos') is another page: nothing typed or shown for
  // the previous one may carry over to it.
  const { leadId = '' } = useParams();
  return <LeadPage key={leadId} leadId={leadId} />;
}
