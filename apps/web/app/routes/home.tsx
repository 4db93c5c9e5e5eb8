import { RULES } from '@cbp/core';
import { Button, Card, CardDescription, CardTitle, Steps, Testimonial, TextLink } from '@cbp/ui';
import { Link } from 'react-router';

import { SITE } from '../config/site';
import { CLIENT_STORIES, HOME_STEPS, INTRO_VIDEO, TEAM, videoEmbedUrl } from '../content/home';
import { PageBody, PageSection } from '../content/page-layout';
import { jsonLdMeta, legalServiceJsonLd } from '../content/structured-data';
import { Island } from '../lib/islands/Island';
import { DEFAULT_HERO, type RouteHandle } from '../lib/route-handle';
import { pageMeta, publicOrigin } from '../lib/seo';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [
  ...pageMeta({
    title: DEFAULT_HERO.title,
    description: `Comprueba en ${String(RULES.simulator.durationMinutes)} minutos si puedes acogerte al Código de Buenas Prácticas y pedir a tu banco que rebaje la cuota de tu hipoteca. Abogados especialistas.`,
    path: '/',
    bareTitle: true,
  }),
  jsonLdMeta(legalServiceJsonLd(SITE, publicOrigin())),
];

// The default hero is the home page's: '¿No puedes pagar tu hipoteca?', the invitation to the
// simulator, 'Comenzar simulador' and 'Llámanos'.
export const handle: RouteHandle = { hero: DEFAULT_HERO };

export default function HomePage() {
  return (
    <PageBody>
      <PageSection
        id="video"
        title="Así te ayudamos"
        intro="Si la cuota de tu hipoteca se come buena parte de tus ingresos, la ley te permite pedir a tu banco que la rebaje. Nosotros nos ocupamos de la solicitud de principio a fin."
      >
        <Island
          name="consent-video"
          props={{
            src: videoEmbedUrl(INTRO_VIDEO.youtubeId),
            title: INTRO_VIDEO.title,
            className: 'max-w-3xl',
          }}
        />
      </PageSection>

      <PageSection id="pasos" title="Tres pasos para bajar tu cuota">
        <Steps steps={HOME_STEPS} />
        <div className="flex flex-col items-start gap-4 rounded-lg bg-primary-subtle p-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-lg font-semibold">{RULES.publicClaims.recentChecksText}</p>
          <Button asChild size="lg" className="shrink-0">
            <Link to="/simulador">Comenzar simulador</Link>
          </Button>
        </div>
      </PageSection>

      <PageSection
        id="clientes"
        title="Lo que cuentan nuestros clientes"
        intro="Personas que, como tú, no llegaban a pagar la hipoteca y consiguieron una cuota asumible."
      >
        <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {CLIENT_STORIES.map((story) => (
            <li key={story.youtubeId} className="flex flex-col gap-4">
              <Island
                name="consent-video"
                props={{ src: videoEmbedUrl(story.youtubeId), title: story.title }}
              />
              <Testimonial quote={story.quote} name={story.name} place={story.place} />
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="quienes-somos" title={TEAM.title} intro={TEAM.intro}>
        <ul className="grid gap-6 md:grid-cols-3">
          {TEAM.members.map((member) => (
            <li key={member.role}>
              <Card className="h-full">
                <CardTitle level={3}>{member.role}</CardTitle>
                <CardDescription>{member.description}</CardDescription>
              </Card>
            </li>
          ))}
        </ul>
        <p className="text-lg">
          ¿Tienes dudas? Lee las{' '}
          <TextLink asChild>
            <Link to="/honorarios#preguntas-frecuentes">preguntas frecuentes</Link>
          </TextLink>{' '}
          o{' '}
          <TextLink asChild>
            <Link to="/como-funciona">cómo funciona el Código</Link>
          </TextLink>
          .
        </p>
      </PageSection>
    </PageBody>
  );
}
