import type * as React from 'react';

export interface AuthCardProps {
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
}

/** The card of the sign-in and password pages, the client's and the staff's: heading, intro, form. */
export function AuthCard({ title, intro, children }: AuthCardProps) {
  return (
    <div className="flex flex-col gap-6 rounded-lg border-2 border-border bg-surface p-6 text-surface-foreground sm:p-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl leading-tight font-bold">{title}</h1>
        {intro === undefined ? null : <div className="text-muted-foreground">{intro}</div>}
      </div>
      {children}
    </div>
  );
}
