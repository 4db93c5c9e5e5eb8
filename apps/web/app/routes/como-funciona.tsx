import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Steps,
} from '@cbp/ui';
import { Link } from 'react-router';

import {
  BANKS_TEXT,
  DEADLINE_TEXT,
  HOW_IT_WORKS_HERO,
  PROCESS_STEPS,
  REQUIREMENTS,
  SIMULATOR_NOTE,
  SOLUTIONS,
} from '../content/how-it-works';
import { PageBody, PageSection } from '../content/page-layout';
import type { RouteHandle } from '../lib/route-handle';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/como-funciona';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Cómo funciona',
    description:
      'Requisitos del Código de Buenas Prácticas hipotecario, soluciones que puede darte tu banco y cómo se presenta la solicitud.',
    path: '/como-funciona',
  });

export const handle: RouteHandle = { hero: HOW_IT_WORKS_HERO };

function BulletList({ items }: { items: readonly string[] }) {
  return (
    <ul className="flex list-disc flex-col gap-2 ps-6 leading-relaxed">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export default function HowItWorksPage() {
  return (
    <PageBody>
      <PageSection
        id="requisitos"
        title="Requisitos"
        intro="Hay dos códigos, con requisitos distintos. Basta con cumplir los de uno de ellos."
      >
        <div className="grid gap-6 md:grid-cols-2">
          {REQUIREMENTS.map((code) => (
            <Card key={code.id} asChild>
              <article aria-labelledby={`${code.id}-titulo`}>
                <CardHeader>
                  <CardTitle id={`${code.id}-titulo`} level={3}>
                    {code.name}
                  </CardTitle>
                  <CardDescription>{code.who}</CardDescription>
                </CardHeader>
                <CardContent>
                  <BulletList items={code.requirements} />
                </CardContent>
              </article>
            </Card>
          ))}
        </div>
        <p className="max-w-3xl leading-relaxed">{SIMULATOR_NOTE}</p>
      </PageSection>

      <PageSection
        id="soluciones"
        title="Soluciones posibles"
        intro="Tu banco debe ofrecerte un plan de reestructuración con una o varias de estas medidas. Te ayudamos a elegir la que más te conviene."
      >
        <div className="grid gap-6 md:grid-cols-2">
          {SOLUTIONS.map((group) => (
            <Card key={group.id} variant="muted" asChild>
              <article aria-labelledby={`${group.id}-titulo`}>
                <CardTitle id={`${group.id}-titulo`} level={3}>
                  {group.name}
                </CardTitle>
                <BulletList items={group.measures} />
              </article>
            </Card>
          ))}
        </div>
      </PageSection>

      <PageSection
        id="proceso"
        title="El proceso de solicitud"
        intro="La solicitud se presenta por escrito a tu banco, con la documentación que acredita tu situación. Así lo hacemos contigo:"
      >
        <Steps steps={PROCESS_STEPS} layout="wrap" className="md:grid-cols-2 lg:grid-cols-3" />
      </PageSection>

      <PageSection id="plazos-y-bancos" title="Plazos y bancos adheridos">
        <Alert variant="info" role="note" className="max-w-3xl">
          <AlertTitle>¿Hasta cuándo se puede pedir?</AlertTitle>
          <AlertDescription>{DEADLINE_TEXT}</AlertDescription>
        </Alert>
        <p className="max-w-3xl text-lg leading-relaxed">{BANKS_TEXT}</p>
        <div>
          <Button asChild size="lg">
            <Link to="/simulador">Comprobar mis requisitos</Link>
          </Button>
        </div>
      </PageSection>
    </PageBody>
  );
}
