import {
  CookieBanner,
  CookieSettingsDialog,
  type CookieCategory,
  type CookiePreferences,
} from '@cbp/ui';
import * as React from 'react';

import { useLocationHash } from '../../content/use-location-hash';
import { usePageLink, useRouterLocationKey } from '../page-context';
import { CATEGORY_TEXT } from './categories';
import { OPTIONAL_CATEGORIES, type ConsentChoices } from './record';
import { consentStore } from './store';
import { useConsent } from './use-consent';

import { COOKIE_SETTINGS_HASH } from './settings-hash';

const CATEGORIES: readonly CookieCategory[] = [
  {
    id: 'tecnica',
    name: 'Cookies técnicas',
    description: CATEGORY_TEXT.tecnica.description,
    alwaysOn: true,
  },
  ...OPTIONAL_CATEGORIES.map((id) => ({
    id,
    name: CATEGORY_TEXT[id].title,
    description: CATEGORY_TEXT[id].description,
  })),
];

const DESCRIPTION =
  'Usamos cookies técnicas, necesarias para que la web funcione, y, si nos das permiso, las de YouTube para ver los vídeos.';

function toChoices(preferences: CookiePreferences): ConsentChoices {
  return { videos: preferences.videos === true };
}

function toPreferences(choices: ConsentChoices): CookiePreferences {
  return { tecnica: true, ...choices };
}

/**
 * Keeps the page's bottom edge above the fixed banner: content can scroll clear of it and the
 * browser keeps a focused element out from under it (WCAG 2.4.11, focus not obscured).
 */
function useReservedBottom(element: HTMLElement | null): void {
  React.useEffect(() => {
    if (element === null) return;
    const root = document.documentElement;
    const body = document.body;
    const apply = () => {
      const height = `${String(element.offsetHeight)}px`;
      root.style.scrollPaddingBottom = height;
      body.style.paddingBottom = height;
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = '';
      body.style.paddingBottom = '';
    };
  }, [element]);
}

/**
 * Without the router (the reading pages), a link to the settings fragment of the page already
 * at that address changes nothing the page can observe: such a click opens them itself.
 */
function useSettingsLinkWithoutRouter(active: boolean): void {
  React.useEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (
        link?.hash === `#${COOKIE_SETTINGS_HASH}` &&
        link.pathname === window.location.pathname &&
        window.location.hash === link.hash
      ) {
        consentStore.setSettingsOpen(true);
      }
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
    };
  }, [active]);
}

/**
 * The cookie consent of the whole site (docs/decisions/0421-cookie-consent.md): the banner
 * until the visitor answers, and the settings whenever they are reopened. The banner is part
 * of the prerendered HTML, so it shows at once; after hydration it goes away if a valid choice
 * is stored.
 */
export default function CookieConsentBanner() {
  const consent = useConsent();
  const hash = useLocationHash();
  const locationKey = useRouterLocationKey();
  const renderLink = usePageLink();
  const [answeredHere, setAnsweredHere] = React.useState(false);
  const [dismissed, setDismissed] = React.useState(false);
  const [banner, setBanner] = React.useState<HTMLElement | null>(null);
  const [saved, setSaved] = React.useState('');

  const wantsSettings = hash === COOKIE_SETTINGS_HASH;
  React.useEffect(() => {
    if (wantsSettings) consentStore.setSettingsOpen(true);
  }, [wantsSettings, locationKey]);
  useSettingsLinkWithoutRouter(locationKey === null);

  const showBanner = !dismissed && (consent.status !== 'decided' || answeredHere);
  useReservedBottom(showBanner ? banner : null);

  return (
    <>
      {showBanner ? (
        <div
          ref={setBanner}
          data-slot="cookie-consent"
          className="fixed inset-x-0 bottom-0 z-40 max-h-[70dvh] overflow-y-auto border-t-2 border-border shadow-lg"
        >
          <CookieBanner
            policyLink={{ href: '/politica-cookies', label: 'política de cookies' }}
            renderLink={renderLink}
            categories={CATEGORIES}
            defaultPreferences={toPreferences(consent.choices)}
            description={DESCRIPTION}
            onDecision={(preferences) => {
              setAnsweredHere(true);
              consent.save(toChoices(preferences));
            }}
            onHide={() => {
              setDismissed(true);
            }}
            divider={false}
          />
        </div>
      ) : null}
      <CookieSettingsDialog
        open={consent.settingsOpen}
        onOpenChange={(open) => {
          if (open) consent.openSettings();
          else consent.closeSettings();
        }}
        categories={CATEGORIES}
        defaultPreferences={toPreferences(consent.choices)}
        onSave={(preferences) => {
          consent.save(toChoices(preferences));
          setSaved('Hemos guardado tus preferencias de cookies.');
        }}
      />
      <p role="status" className="sr-only">
        {saved}
      </p>
    </>
  );
}
