import * as React from 'react';

/**
 * A titled part of a screen: a section named by its h2. With `headingId`, a link to
 * `#headingId` can land on it and the heading can take focus (an in-page menu moves it there).
 */
export function Section({
  title,
  headingId,
  children,
}: {
  title: string;
  headingId?: string;
  children: React.ReactNode;
}) {
  const generated = React.useId();
  const id = headingId ?? generated;
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-4">
      <h2
        id={id}
        tabIndex={headingId === undefined ? undefined : -1}
        className={
          headingId === undefined ? 'text-2xl font-bold' : 'scroll-mt-4 text-2xl font-bold'
        }
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
