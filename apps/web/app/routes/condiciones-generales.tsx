import { TERMS_HERO } from '../content/legal/condiciones-generales';
import { Island } from '../lib/islands/Island';
import type { RouteHandle } from '../lib/route-handle';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/condiciones-generales';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: TERMS_HERO.title,
    description:
      'Condiciones del contrato de servicios: partes, objeto, duración máxima, honorarios, desistimiento, reembolso, resolución, jurisdicción y protección de datos.',
    path: '/condiciones-generales',
  });

export const handle: RouteHandle = { hero: TERMS_HERO };

export default function TermsPage() {
  return <Island name="terms" props={{}} />;
}
