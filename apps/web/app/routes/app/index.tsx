import type { Route } from './+types/index';
import { CalculatorPage } from '../../features/calculator/CalculatorPage';
import { pageMeta } from '../../lib/seo';

export { clientLoader } from '../../features/calculator/loader';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Calcula tu nueva cuota',
    description: 'Calcula la cuota que pagarías con el Código de Buenas Prácticas.',
    path: '/app',
    noindex: true,
  });

export default function CalculatorRoute() {
  return <CalculatorPage />;
}
