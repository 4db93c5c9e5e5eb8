import { PLANS, RULES } from '@cbp/core';
import { Button, Card, TextLink } from '@cbp/ui';
import { Link } from 'react-router';

import { faqQuestionsAndAnswers } from '../content/faq';
import { FeeInclusions } from '../content/FeeInclusions';
import { FEES_HERO, GUARANTEE, PRICE_NOTE } from '../content/fees';
import { PageBody, PageSection } from '../content/page-layout';
import { faqPageJsonLd, jsonLdMeta } from '../content/structured-data';
import { Island } from '../lib/islands/Island';
import type { RouteHandle } from '../lib/route-handle';
import { canonicalUrl, pageMeta } from '../lib/seo';
import type { Route } from './+types/honorarios';

export const meta: Route.MetaFunction = () => [
  ...pageMeta({
    title: 'Honorarios',
    description: `${PLANS.map((plan) => plan.descripcion).join(' ')} Te devolvemos el dinero si el banco rechaza tu solicitud.`,
    path: '/honorarios',
  }),
  jsonLdMeta(faqPageJsonLd(faqQuestionsAndAnswers(), canonicalUrl('/honorarios'))),
];

export const handle: RouteHandle = { hero: FEES_HERO };

const guaranteeOffered: boolean = RULES.plans.moneyBackIfBankRejects;

export default function FeesPage() {
  return (
    <PageBody>
      <PageSection
        id="planes"
        title="Elige cómo pagar"
        intro="El servicio es el mismo en los dos planes; solo cambia la forma de pago. Lo eliges en tu área de clientes, después de comprobar tus requisitos."
      >
        <Island name="fee-plans" props={{}} />
        <p className="text-muted-foreground">{PRICE_NOTE}</p>
      </PageSection>

      {guaranteeOffered ? (
        <PageSection id="garantia" title={GUARANTEE.title}>
          <Card variant="highlighted" className="max-w-3xl">
            <p className="text-lg leading-relaxed">{GUARANTEE.text}</p>
            <p>
              <TextLink asChild>
                <Link to="/condiciones-generales#politica-de-reembolso">
                  Política de reembolso completa
                </Link>
              </TextLink>
            </p>
          </Card>
        </PageSection>
      ) : null}

      <PageSection id="que-incluye" title="Qué incluye">
        <FeeInclusions />
        <div>
          <Button asChild size="lg">
            <Link to="/simulador">Comenzar simulador</Link>
          </Button>
        </div>
      </PageSection>

      <PageSection
        id="preguntas-frecuentes"
        title="Preguntas frecuentes"
        intro="Lo que más nos preguntan sobre el Código de Buenas Prácticas."
      >
        <Island name="faq" props={{}} />
      </PageSection>
    </PageBody>
  );
}
