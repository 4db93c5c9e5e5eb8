import type { Route } from './+types/honorarios';
import { PlanPage } from '../../features/plan/PlanPage';
import { PAGE_TITLE } from '../../features/plan/strings';
import { pageMeta } from '../../lib/seo';

export { clientAction, clientLoader } from '../../features/plan/loader';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: PAGE_TITLE,
    description:
      'Elige tu plan de honorarios, firma el contrato y paga con tarjeta o transferencia.',
    path: '/app/honorarios',
    noindex: true,
  });

export default function PlanPageRoute() {
  return <PlanPage />;
}
