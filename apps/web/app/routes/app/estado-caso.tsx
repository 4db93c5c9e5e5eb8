import type { Route } from './+types/estado-caso';
import { StatusPage } from '../../features/status/StatusPage';
import { pageMeta } from '../../lib/seo';

export { clientLoader } from '../../features/status/loader';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Estado del caso',
    description: 'La fase de tu caso, lo que falta, lo que hemos hecho y lo que viene después.',
    path: '/app/estado-caso',
    noindex: true,
  });

export default function StatusRoute() {
  return <StatusPage />;
}
