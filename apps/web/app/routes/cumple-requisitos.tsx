import { PassResult } from '../features/simulator/PassResult';
import type { RouteHandle } from '../lib/route-handle';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/cumple-requisitos';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Cumples los requisitos',
    description: 'Resultado del simulador: cumples los requisitos del Código de Buenas Prácticas.',
    path: '/cumple-requisitos',
    noindex: true,
  });

export const handle: RouteHandle = { hero: false };

export default function PassResultPage() {
  // The result is read in the browser: its page holds a screen's height meanwhile, so the footer
  // does not jump down when it shows.
  return (
    <div className="min-h-dvh">
      <PassResult />
    </div>
  );
}
