import type { Route } from './+types/auditoria';
import { AuditPage } from '../../features/gestion/AuditPage';
import { pageMeta } from '../../lib/seo';

export { auditLoader as clientLoader } from '../../features/gestion/list-data';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Auditoría',
    description: 'Zona de gestión del despacho.',
    path: '/gestion/auditoria',
    noindex: true,
  });

export default function GestionAuditRoute({ loaderData }: Route.ComponentProps) {
  return <AuditPage audit={loaderData} />;
}
