import * as React from 'react';

import { cn } from '../../lib/cn';

export interface ResultsLayoutProps extends Omit<React.ComponentProps<'div'>, 'title'> {
  /** The page's heading: 'Resultados de tu simulación'. */
  title: React.ReactNode;
  /** The heading element, so the app can move focus to it when the results appear. */
  headingRef?: React.Ref<HTMLHeadingElement>;
  /** The verdict, right under the heading. */
  summary?: React.ReactNode;
  /** The key figures (gauges): one column on phones, a row of three from 640 px. */
  figures?: React.ReactNode;
  /** Named sections of the results, in reading order. */
  children?: React.ReactNode;
}

/**
 * The frame of a results screen: heading, verdict, the key figures, then the sections. The
 * heading takes focus from script (tabIndex -1) without becoming a Tab stop.
 */
export function ResultsLayout({
  title,
  headingRef,
  summary,
  figures,
  className,
  children,
  ...props
}: ResultsLayoutProps) {
  const headingId = `${React.useId().replace(/[^\w-]/g, '')}-titulo`;
  return (
    <div
      data-slot="results-layout"
      className={cn('flex max-w-4xl flex-col gap-10', className)}
      {...props}
    >
      <section aria-labelledby={headingId} className="flex flex-col gap-6">
        <h1
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-3xl leading-tight font-bold outline-none"
        >
          {title}
        </h1>
        {summary}
        {figures === undefined ? null : (
          <div
            data-slot="results-layout-figures"
            className="grid justify-items-center gap-6 sm:grid-cols-3"
          >
            {figures}
          </div>
        )}
      </section>
      {children}
    </div>
  );
}

export interface ResultsSectionProps extends Omit<React.ComponentProps<'section'>, 'title'> {
  /** The section's heading (an h2), which also names the region. */
  title: React.ReactNode;
}

/** One named part of the results ('Tus respuestas', 'Preguntas frecuentes'). */
export function ResultsSection({ title, className, children, ...props }: ResultsSectionProps) {
  const headingId = `${React.useId().replace(/[^\w-]/g, '')}-seccion`;
  return (
    <section
      aria-labelledby={headingId}
      data-slot="results-section"
      className={cn('flex flex-col gap-4', className)}
      {...props}
    >
      <h2 id={headingId} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
