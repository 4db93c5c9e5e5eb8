import { RULES } from '@cbp/core';

import { SIMULATOR_QUESTIONS } from '../content/figures';
import { Simulator } from '../features/simulator/Simulator';
import type { RouteHandle } from '../lib/route-handle';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/simulador';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Simulador: comprueba si cumples los requisitos',
    description: `Responde ${SIMULATOR_QUESTIONS} y comprueba en ${RULES.simulator.durationMinutes} minutos si puedes acogerte al Código de Buenas Prácticas para rebajar la cuota de tu hipoteca.`,
    path: '/simulador',
  });

export const handle: RouteHandle = { hero: false };

export default function SimulatorPage() {
  return <Simulator />;
}
