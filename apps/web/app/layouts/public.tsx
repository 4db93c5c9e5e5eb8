import { CtaBand, Hero, SiteFooter, telHref } from '@cbp/ui';
import { Outlet, useMatches } from 'react-router';

import { FOOTER_COLUMNS, SIMULATOR_ACTION } from '../config/navigation';
import { isIslandPage } from '../config/public-routes';
import { SITE } from '../config/site';
import { SIMULATOR_QUESTIONS } from '../content/figures';
import { CookieConsent } from '../lib/consent';
import { useCurrentPath } from '../lib/current-path';
import { Island } from '../lib/islands/Island';
import { MAIN_ID } from '../lib/main-id';
import { currentHandle, frameParts } from '../lib/route-handle';
import { routerLink } from '../lib/router-link';
import { PublicHeader } from './PublicHeader';

const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR);

/**
 * The public site's frame (spec 01, section 2): header, the page's hero, the page, the
 * '¿Empezamos?' band and the footer. Each route shapes it with its `handle`
 * (app/lib/route-handle.ts). The sign-in and password pages have their own frame
 * (layouts/account.tsx).
 */
export default function PublicLayout() {
  const pathname = useCurrentPath();
  const { hero, cta } = frameParts(currentHandle(useMatches()));
  // The reading pages run without the router: the header and the cookie consent are islands.
  const islands = isIslandPage(pathname);

  return (
    <>
      {islands ? (
        <Island name="site-header" props={{ currentHref: pathname }} />
      ) : (
        <PublicHeader currentHref={pathname} />
      )}
      <main id={MAIN_ID} className="flex-1">
        {hero ? (
          <Hero
            title={hero.title}
            description={hero.description}
            primaryAction={SIMULATOR_ACTION}
            secondaryAction={{ href: telHref(SITE.phone), label: 'Llámanos' }}
            renderLink={routerLink}
          />
        ) : null}
        <Outlet />
        {cta ? (
          <CtaBand
            actionHref="/simulador"
            description={`Responde ${SIMULATOR_QUESTIONS} y sabrás al momento si puedes pedir a tu banco que rebaje tu cuota.`}
            renderLink={routerLink}
          />
        ) : null}
      </main>
      <SiteFooter
        columns={FOOTER_COLUMNS}
        firmName={SITE.legalName}
        year={BUILD_YEAR}
        phone={SITE.phone}
        brand={<p className="text-xl font-bold">{SITE.name}</p>}
        renderLink={routerLink}
      />
      {/* Public pages only: in /app the one optional cookie (the video's) is asked for where
          the video is (docs/decisions/0454-no-cookie-banner-in-app.md). */}
      {islands ? <Island name="cookie-consent" props={{}} /> : <CookieConsent />}
    </>
  );
}
