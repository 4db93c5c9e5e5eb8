import type { Route } from './+types/pago-cancelado';
import { PaymentCancelledPage } from '../../features/plan/PaymentCancelledPage';
import { pageMeta } from '../../lib/seo';

export { cancelledLoader as clientLoader } from '../../features/plan/loader';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Pago cancelado',
    description: 'El pago con tarjeta no se completó: lo que consta de tu plan y tus pagos.',
    path: '/app/pago-cancelado',
    noindex: true,
  });

export default function PaymentCancelledPageRoute() {
  return <PaymentCancelledPage />;
}
