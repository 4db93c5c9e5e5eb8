import { cn } from '@cbp/ui';
import type * as React from 'react';

/**
 * The column the content pages are laid out in, under the frame's hero: as wide as the header
 * and the hero, with the same side margins, so their left edges line up.
 */
export function PageBody({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'mx-auto flex max-w-7xl flex-col gap-14 px-4 py-12 lg:px-8 lg:py-16',
        className,
      )}
      {...props}
    />
  );
}

export interface PageSectionProps extends Omit<React.ComponentProps<'section'>, 'title'> {
  /** Anchor of the section and base of its heading's id. */
  id: string;
  title: React.ReactNode;
  intro?: React.ReactNode;
}

/** A section of a content page: an `<h2>` under the hero's `<h1>`, an optional lead text. */
export function PageSection({ id, title, intro, className, children, ...props }: PageSectionProps) {
  const headingId = `${id}-titulo`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('flex scroll-mt-6 flex-col gap-6', className)}
      {...props}
    >
      <div className="flex max-w-3xl flex-col gap-3">
        <h2 id={headingId} className="text-2xl leading-tight font-bold text-balance lg:text-3xl">
          {title}
        </h2>
        {intro ? <div className="text-lg text-muted-foreground">{intro}</div> : null}
      </div>
      {children}
    </section>
  );
}
