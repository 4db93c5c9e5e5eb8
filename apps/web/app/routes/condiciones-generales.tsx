import { TERMS, TERMS_HERO } from '../content/legal/condiciones-generales';
import { LegalAccordion } from '../content/legal/LegalDocument';
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
  return <LegalAccordion text={TERMS} />;
}
