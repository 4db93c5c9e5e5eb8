import type { Route } from './+types/pago-cancelado';
import { PaymentCancelledPage } from '../../features/plan/PaymentResultPages';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Pago cancelado',
    description: 'El pago se ha cancelado y puedes volver a intentarlo.',
    path: '/app/pago-cancelado',
    noindex: true,
  });

export default function PaymentCancelledPageRoute() {
  return <PaymentCancelledPage />;
}
