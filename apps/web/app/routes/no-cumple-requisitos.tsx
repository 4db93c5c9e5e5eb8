import { FailResult } from '../features/simulator/FailResult';
import type { RouteHandle } from '../lib/route-handle';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/no-cumple-requisitos';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'No cumples los requisitos',
    description:
      'Resultado del simulador: por qué no cumples los requisitos del Código de Buenas Prácticas y otras formas en las que podemos ayudarte.',
    path: '/no-cumple-requisitos',
    noindex: true,
  });

export const handle: RouteHandle = { hero: false };

export default function FailResultPage() {
  // The result is read in the browser: its page holds a screen's height meanwhile, so the footer
  // does not jump down when it shows.
  return (
    <div className="min-h-dvh">
      <FailResult />
    </div>
  );
}
