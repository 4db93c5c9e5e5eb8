import ArrowRightDrawing from 'lucide/dist/esm/icons/arrow-right.mjs';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { Button } from '../Button';
import { SiteLink, type RenderLink } from '../SiteLink';
import { icon } from '../../lib/icon';

const ArrowRight = icon(ArrowRightDrawing);

type HeadingLevel = 2 | 3 | 4;

export interface CtaBandProps extends Omit<React.ComponentProps<'section'>, 'title'> {
  /** Where the action goes ('/simulador'). */
  actionHref: string;
  actionLabel?: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  headingLevel?: HeadingLevel;
  renderLink?: RenderLink | undefined;
}

/** A band that closes a page with one invitation: '¿Empezamos?' and 'Empieza ahora'. */
export function CtaBand({
  actionHref,
  actionLabel = 'Empieza ahora',
  title = '¿Empezamos?',
  description,
  headingLevel = 2,
  renderLink,
  className,
  ...props
}: CtaBandProps) {
  const titleId = `cta${React.useId().replace(/[^\w-]/g, '')}`;
  const Heading = `h${headingLevel}` as const;

  return (
    <section
      data-slot="cta-band"
      aria-labelledby={titleId}
      className={cn('bg-primary text-primary-foreground', className)}
      {...props}
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-12 md:flex-row md:items-center md:justify-between lg:px-8">
        <div className="flex flex-col gap-2">
          <Heading
            id={titleId}
            data-slot="cta-band-title"
            className="text-3xl leading-tight font-bold text-balance"
          >
            {title}
          </Heading>
          {description ? (
            <div data-slot="cta-band-description" className="max-w-2xl text-lg">
              {description}
            </div>
          ) : null}
        </div>
        {/* The usual focus colour is too close to the band's; the light one stands out on it. */}
        <Button asChild variant="secondary" size="lg" ring="inverse" className="shrink-0">
          <SiteLink data-slot="cta-band-action" href={actionHref} renderLink={renderLink}>
            {actionLabel}
            <ArrowRight aria-hidden="true" focusable="false" />
          </SiteLink>
        </Button>
      </div>
    </section>
  );
}
