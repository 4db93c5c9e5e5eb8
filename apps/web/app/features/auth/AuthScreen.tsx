import { cn, linkVariants } from '@cbp/ui';
import type * as React from 'react';
import { Link } from 'react-router';

import { SITE } from '../../config/site';

export interface AuthScreenProps {
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
  /** Links under the form (forgotten password, back to sign-in...). */
  footer?: React.ReactNode;
}

/**
 * The frame of the sign-in and password pages, which have no site header: the firm's name
 * back to the home page, the page's heading and one form in a card.
 */
export function AuthScreen({ title, intro, children, footer }: AuthScreenProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-muted px-4 py-8 sm:py-16">
      <div className="flex w-full max-w-md flex-col gap-6">
        <p>
          {/* A standalone link in the text's colour: the firm's name, not a call to follow it. */}
          <Link
            to="/"
            className={cn(
              linkVariants({ variant: null }),
              'inline-flex items-center gap-1 text-xl font-semibold text-foreground hover:text-link-hover focus-visible:outline-ring',
            )}
          >
            {SITE.name}
          </Link>
        </p>
        <div className="flex flex-col gap-6 rounded-lg border-2 border-border bg-surface p-6 text-surface-foreground sm:p-8">
          <div className="flex flex-col gap-2">
            <h1 className="text-3xl leading-tight font-bold">{title}</h1>
            {intro === undefined ? null : <div className="text-muted-foreground">{intro}</div>}
          </div>
          {children}
        </div>
        {footer === undefined ? null : <div className="flex flex-col gap-3">{footer}</div>}
      </div>
    </div>
  );
}
