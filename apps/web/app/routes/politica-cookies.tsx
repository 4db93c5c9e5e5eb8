import { CookieList } from '../content/legal/CookieList';
import { LegalSections } from '../content/legal/LegalDocument';
import {
  COOKIE_TABLE_SECTION,
  COOKIES_HERO,
  COOKIES_POLICY,
} from '../content/legal/politica-cookies';
import { Island } from '../lib/islands/Island';
import type { RouteHandle } from '../lib/route-handle';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/politica-cookies';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: COOKIES_HERO.title,
    description:
      'Qué cookies y tecnologías parecidas usa este sitio, para qué, cuánto duran y cómo aceptarlas, rechazarlas o retirar tu consentimiento.',
    path: '/politica-cookies',
  });

export const handle: RouteHandle = { hero: COOKIES_HERO };

export default function CookiesPolicyPage() {
  return (
    <LegalSections
      text={COOKIES_POLICY}
      extras={{
        [COOKIE_TABLE_SECTION]: <CookieList />,
        'como-elegir': <Island name="cookie-settings-button" props={{}} />,
      }}
    />
  );
}
