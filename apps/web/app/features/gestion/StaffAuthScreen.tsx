import type * as React from 'react';

import { MAIN_ID } from '../../lib/route-focus';
import { GESTION_TEXT } from './strings';

/** The frame of the staff sign-in and activation pages: the area's name, the heading, one card. */
export function StaffAuthScreen({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <main id={MAIN_ID} className="flex min-h-dvh flex-col items-center bg-muted px-4 py-8 sm:py-16">
      <div className="flex w-full max-w-md flex-col gap-6">
        <p className="text-xl font-bold">{GESTION_TEXT.brand}</p>
        <div className="flex flex-col gap-6 rounded-lg border-2 border-border bg-surface p-6 text-surface-foreground sm:p-8">
          <div className="flex flex-col gap-2">
            <h1 className="text-3xl leading-tight font-bold">{title}</h1>
            {intro === undefined ? null : <div className="text-muted-foreground">{intro}</div>}
          </div>
          {children}
        </div>
      </div>
    </main>
  );
}
