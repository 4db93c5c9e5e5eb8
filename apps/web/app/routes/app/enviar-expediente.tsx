import type { Route } from './+types/enviar-expediente';
import { SendPage } from '../../features/send/SendPage';
import { pageMeta } from '../../lib/seo';

export { clientAction, clientLoader, shouldRevalidate } from '../../features/send/loader';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Enviar expediente',
    description: 'Comprueba lo que vamos a presentar a tu banco y envía tu expediente.',
    path: '/app/enviar-expediente',
    noindex: true,
  });

export default function SendRoute() {
  return <SendPage />;
}
