import type { Route } from './+types/indices';
import { SeriesPage } from '../../features/gestion/SeriesPage';
import { pageMeta } from '../../lib/seo';

export { seriesLoader as clientLoader } from '../../features/gestion/list-data';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Euríbor e IPREM',
    description: 'Zona de gestión del despacho.',
    path: '/gestion/indices',
    noindex: true,
  });

export default function GestionSeriesRoute({ loaderData }: Route.ComponentProps) {
  return <SeriesPage series={loaderData} />;
}
