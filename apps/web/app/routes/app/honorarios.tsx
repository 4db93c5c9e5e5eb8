import type { Route } from './+types/honorarios';
import { PlanPage } from '../../features/plan/PlanPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Tu plan y tus pagos',
    description:
      'Elige tu plan de honorarios, firma el contrato y paga con tarjeta o transferencia.',
    path: '/app/honorarios',
    noindex: true,
  });

export default function PlanPageRoute() {
  return <PlanPage />;
}
