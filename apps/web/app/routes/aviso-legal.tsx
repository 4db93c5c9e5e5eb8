import { LEGAL_NOTICE, LEGAL_NOTICE_HERO } from '../content/legal/aviso-legal';
import { CookieSettingsButton, LegalAccordion } from '../content/legal/LegalDocument';
import type { RouteHandle } from '../lib/route-handle';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/aviso-legal';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: LEGAL_NOTICE_HERO.title,
    description:
      'Datos del titular del sitio web, condiciones de acceso y uso, propiedad intelectual, responsabilidad y cookies.',
    path: '/aviso-legal',
  });

export const handle: RouteHandle = { hero: LEGAL_NOTICE_HERO };

export default function LegalNoticePage() {
  return <LegalAccordion text={LEGAL_NOTICE} extras={{ cookies: <CookieSettingsButton /> }} />;
}
