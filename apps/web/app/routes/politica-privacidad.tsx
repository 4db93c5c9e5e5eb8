import { Button, Card, TextLink } from '@cbp/ui';

import { SITE } from '../config/site';
import { LegalSections } from '../content/legal/LegalDocument';
import { PRIVACY, PRIVACY_HERO, rightsRequestMailto } from '../content/legal/politica-privacidad';
import type { RouteHandle } from '../lib/route-handle';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/politica-privacidad';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: PRIVACY_HERO.title,
    description:
      'Cómo tratamos tus datos personales: responsable, finalidades, base jurídica, conservación, destinatarios y cómo ejercer tus derechos.',
    path: '/politica-privacidad',
  });

export const handle: RouteHandle = { hero: PRIVACY_HERO };

/**
 * The policy ends with the call to action the spec asks for. Rights are exercised before the
 * firm, so the main action writes to its data protection officer; the configured page
 * (SITE.privacyRequestUrl) offers the official forms (docs/decisions/0423-privacy-call-to-action.md).
 */
export default function PrivacyPolicyPage() {
  return (
    <LegalSections text={PRIVACY}>
      <Card variant="highlighted" asChild>
        <section aria-labelledby="ejercer-derechos-titulo">
          <h2 id="ejercer-derechos-titulo" className="text-2xl leading-tight font-bold">
            ¿Quieres ejercer tus derechos?
          </h2>
          <p className="text-lg">
            Escríbenos a <span className="break-words">{SITE.dpoEmail}</span> diciendo qué derecho
            quieres ejercer. Te responderemos en el plazo de un mes.
          </p>
          <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
            <Button asChild size="lg">
              <a href={rightsRequestMailto()}>Escribir al delegado de protección de datos</a>
            </Button>
            <TextLink href={SITE.privacyRequestUrl} newTab>
              Formularios de la AEPD para ejercer tus derechos
            </TextLink>
          </div>
        </section>
      </Card>
    </LegalSections>
  );
}
