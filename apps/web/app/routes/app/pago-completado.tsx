import type { Route } from './+types/pago-completado';
import { PaymentCompletedPage } from '../../features/plan/PaymentResultPages';
import { pageMeta } from '../../lib/seo';

export { completedLoader as clientLoader } from '../../features/plan/loader';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Pago completado',
    description: 'El estado de tu pago.',
    path: '/app/pago-completado',
    noindex: true,
  });

export default function PaymentCompletedPageRoute() {
  return <PaymentCompletedPage />;
}
