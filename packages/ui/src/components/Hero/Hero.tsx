import PhoneDrawing from 'lucide/dist/esm/icons/phone.mjs';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { Button } from '../Button';
import { SiteLink, type LinkItem, type RenderLink } from '../SiteLink';
import { icon } from '../../lib/icon';

const Phone = icon(PhoneDrawing);

export interface HeroProps extends Omit<React.ComponentProps<'section'>, 'title'> {
  /** The page's `<h1>`: '¿No puedes pagar tu hipoteca?'. */
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Main call to action, a button-styled link ('Comenzar simulador'). */
  primaryAction?: LinkItem | undefined;
  /** Second action, e.g. `{ href: telHref(phone), label: 'Llámanos' }`; a `tel:` link gets a phone icon. */
  secondaryAction?: LinkItem | undefined;
  /** A picture or a `VideoEmbed` beside the text (below it on small screens). */
  media?: React.ReactNode;
  renderLink?: RenderLink | undefined;
}

/** The banner at the top of a public page: its `<h1>`, a short text, up to two actions and media. */
export function Hero({
  title,
  description,
  primaryAction,
  secondaryAction,
  media,
  renderLink,
  className,
  ...props
}: HeroProps) {
  const titleId = `hero${React.useId().replace(/[^\w-]/g, '')}`;
  const hasMedia = media !== undefined && media !== null && media !== false;

  return (
    <section
      data-slot="hero"
      aria-labelledby={titleId}
      className={cn('bg-primary-subtle text-foreground', className)}
      {...props}
    >
      <div
        className={cn(
          'mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 lg:px-8 lg:py-20',
          hasMedia && 'lg:grid-cols-2',
        )}
      >
        <div data-slot="hero-content" className="flex max-w-2xl flex-col gap-6">
          <h1
            id={titleId}
            data-slot="hero-title"
            className="text-4xl leading-tight font-bold text-balance lg:text-5xl"
          >
            {title}
          </h1>
          {description ? (
            <div data-slot="hero-description" className="text-lg text-muted-foreground lg:text-xl">
              {description}
            </div>
          ) : null}
          {primaryAction || secondaryAction ? (
            <div data-slot="hero-actions" className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              {primaryAction ? (
                <HeroAction action={primaryAction} variant="primary" renderLink={renderLink} />
              ) : null}
              {secondaryAction ? (
                <HeroAction action={secondaryAction} variant="outline" renderLink={renderLink} />
              ) : null}
            </div>
          ) : null}
        </div>
        {hasMedia ? (
          <div data-slot="hero-media" className="min-w-0">
            {media}
          </div>
        ) : null}
      </div>
    </section>
  );
}

function HeroAction({
  action,
  variant,
  renderLink,
}: {
  action: LinkItem;
  variant: 'primary' | 'outline';
  renderLink: RenderLink | undefined;
}) {
  return (
    <Button asChild variant={variant} size="lg">
      <SiteLink data-slot="hero-action" href={action.href} renderLink={renderLink}>
        {action.href.startsWith('tel:') ? <Phone aria-hidden="true" focusable="false" /> : null}
        {action.label}
      </SiteLink>
    </Button>
  );
}
