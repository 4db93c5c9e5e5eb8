import { LEGAL_NOTICE_HERO } from '../content/legal/aviso-legal';
import { Island } from '../lib/islands/Island';
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
  return <Island name="legal-notice" props={{}} />;
}
