import * as React from 'react';

import { cn } from '../../lib/cn';
import { Button } from '../Button';
import { SiteLink, type LinkItem, type RenderLink } from '../SiteLink';
import { linkVariants } from '../TextLink';
import {
  CookieSettingsDialog,
  cookiePreferencesForAll,
  defaultCookieCategories,
  type CookieCategory,
  type CookiePreferences,
} from './CookieSettings';

/** How the person answered: one of the two buttons of the first layer, or the settings. */
export type CookieChoice = 'accept-all' | 'reject-all' | 'custom';

const defaultConfirmations: Record<CookieChoice, string> = {
  'accept-all': 'Has aceptado todas las cookies.',
  'reject-all': 'Has rechazado las cookies que no son necesarias.',
  custom: 'Hemos guardado tus preferencias de cookies.',
};

export interface CookieBannerProps extends Omit<React.ComponentProps<'section'>, 'title'> {
  /** The cookies policy ('Política de cookies' → /politica-cookies). */
  policyLink: LinkItem;
  /** Called with the preferences to store and how they were chosen. */
  onDecision: (preferences: CookiePreferences, choice: CookieChoice) => void;
  /** Called when the person hides the confirmation; the banner hides itself too. */
  onHide?: (() => void) | undefined;
  categories?: readonly CookieCategory[];
  /** The person's earlier choice, to start the settings from. */
  defaultPreferences?: CookiePreferences | undefined;
  title?: React.ReactNode;
  /** Phrasing content: it shares one paragraph with the link to the policy. */
  description?: React.ReactNode;
  acceptLabel?: string;
  rejectLabel?: string;
  configureLabel?: string;
  hideLabel?: string;
  /** Confirmation after each kind of answer. */
  confirmations?: Partial<Record<CookieChoice, React.ReactNode>>;
  /** Sentence before the policy link in the confirmation. */
  changeLaterText?: React.ReactNode;
  renderLink?: RenderLink | undefined;
  /** The line under the banner; `false` where its container draws the edge (a bottom panel). */
  divider?: boolean;
}

/**
 * First layer of cookie consent: what the site stores and why, with 'Aceptar todas', 'Rechazar
 * todas' and 'Configurar' given the same weight, and a link to the cookies policy. After an
 * answer it confirms it in place and takes focus, until the person hides it.
 */
export function CookieBanner({
  policyLink,
  onDecision,
  onHide,
  categories = defaultCookieCategories,
  defaultPreferences,
  title = 'Cookies en esta web',
  description = 'Usamos cookies técnicas, necesarias para que la web funcione. Con tu permiso usaremos también cookies analíticas, para saber cómo se usa la web, y las de YouTube, para ver los vídeos. Puedes aceptarlas todas, rechazarlas o elegir cuáles aceptas.',
  acceptLabel = 'Aceptar todas',
  rejectLabel = 'Rechazar todas',
  configureLabel = 'Configurar',
  hideLabel = 'Ocultar este mensaje',
  confirmations,
  changeLaterText = 'Puedes cambiar tu elección cuando quieras en la',
  renderLink,
  divider = true,
  className,
  ...props
}: CookieBannerProps) {
  const titleId = `cookie-banner${React.useId().replace(/[^\w-]/g, '')}`;
  const [choice, setChoice] = React.useState<CookieChoice | null>(null);
  const [hidden, setHidden] = React.useState(false);
  const [settingsOpen, setSettingsOpen] = React.useState(false);
  const confirmationRef = React.useRef<HTMLDivElement>(null);

  React.useEffect(() => {
    // The pressed button has gone: focus goes to the message that replaced it, which reads it.
    if (choice !== null && !settingsOpen) confirmationRef.current?.focus();
  }, [choice, settingsOpen]);

  if (hidden) return null;

  const decide = (preferences: CookiePreferences, how: CookieChoice) => {
    onDecision(preferences, how);
    setChoice(how);
  };

  const policy = (
    <SiteLink href={policyLink.href} renderLink={renderLink} className={linkVariants()}>
      {policyLink.label}
    </SiteLink>
  );

  return (
    <section
      data-slot="cookie-banner"
      data-state={choice === null ? 'asking' : 'confirmed'}
      aria-labelledby={titleId}
      className={cn(
        '@container bg-muted text-foreground',
        divider && 'border-b-2 border-border',
        className,
      )}
      {...props}
    >
      {/* Laid out by its own width (container queries), not the screen's: compact where narrow,
          as on a phone, where it covers the page until answered. */}
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 @lg:gap-4 @lg:py-6 @5xl:px-8">
        <h2 id={titleId} className="text-lg leading-tight font-bold @lg:text-xl">
          {title}
        </h2>
        {choice === null ? (
          <>
            <p data-slot="cookie-banner-description" className="max-w-3xl">
              {description} Más información en la {policy}.
            </p>
            <div
              data-slot="cookie-banner-actions"
              className="grid gap-3 @min-[22rem]:grid-cols-2 @lg:flex @lg:flex-row @lg:flex-wrap"
            >
              {/* Same variant and size for the three answers: rejecting must be as easy and as
                  visible as accepting. Accept and reject share a row where both labels fit on one
                  line. */}
              <Button
                data-slot="cookie-banner-accept"
                padding="narrow"
                className="@lg:px-5"
                onClick={() => {
                  decide(cookiePreferencesForAll(categories, true), 'accept-all');
                }}
              >
                {acceptLabel}
              </Button>
              <Button
                data-slot="cookie-banner-reject"
                padding="narrow"
                className="@lg:px-5"
                onClick={() => {
                  decide(cookiePreferencesForAll(categories, false), 'reject-all');
                }}
              >
                {rejectLabel}
              </Button>
              <Button
                data-slot="cookie-banner-configure"
                className="@min-[22rem]:col-span-2"
                aria-haspopup="dialog"
                onClick={() => {
                  setSettingsOpen(true);
                }}
              >
                {configureLabel}
              </Button>
            </div>
          </>
        ) : (
          <>
            <div
              ref={confirmationRef}
              tabIndex={-1}
              data-slot="cookie-banner-confirmation"
              className="flex max-w-3xl flex-col gap-2 outline-none"
            >
              <p className="font-semibold">
                {confirmations?.[choice] ?? defaultConfirmations[choice]}
              </p>
              <p>
                {changeLaterText} {policy}.
              </p>
            </div>
            <Button
              data-slot="cookie-banner-hide"
              className="self-start"
              onClick={() => {
                setHidden(true);
                onHide?.();
              }}
            >
              {hideLabel}
            </Button>
          </>
        )}
      </div>
      <CookieSettingsDialog
        open={settingsOpen}
        onOpenChange={setSettingsOpen}
        categories={categories}
        defaultPreferences={defaultPreferences}
        onSave={(preferences) => {
          decide(preferences, 'custom');
        }}
        onCloseAutoFocus={(event) => {
          // After saving, 'Configurar' is gone and the confirmation takes focus instead.
          if (choice !== null) event.preventDefault();
        }}
      />
    </section>
  );
}
