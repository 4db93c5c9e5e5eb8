import type { Route } from './+types/obtener-documentos';
import { DocumentsPage } from '../../features/documents/DocumentsPage';
import { pageMeta } from '../../lib/seo';

export { clientLoader } from '../../features/documents/loader';

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: 'Obtener documentos',
    description: 'Obtén tus documentos con Cl@ve PIN o súbelos tú para tu expediente.',
    path: location.pathname,
    noindex: true,
  });

export default function DocumentsRoute() {
  return <DocumentsPage />;
}
