import type { Route } from './+types/revisar-expediente';
import { ReviewPage } from '../../features/review/ReviewPage';
import { pageMeta } from '../../lib/seo';

export { clientLoader, shouldRevalidate } from '../../features/review/loader';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Revisa tu expediente',
    description: 'Revisa y completa los datos de tu expediente antes de enviarlo al banco.',
    path: '/app/revisar-expediente',
    noindex: true,
  });

export default function ReviewRoute() {
  return <ReviewPage />;
}
