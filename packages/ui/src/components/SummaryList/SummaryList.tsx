import type * as React from 'react';

import { cn } from '../../lib/cn';
import { Button } from '../Button';
import { SiteLink, type RenderLink } from '../SiteLink';

export interface SummaryListAction {
  /** What the action does, as a person reads it: 'Cambiar'. */
  label: string;
  /** Read after the label by screen readers, so each action has its own name ('capital pendiente'). */
  visuallyHiddenContext?: string;
  /** A page to go to… */
  href?: string;
  /** …or something to do on this page. */
  onClick?: () => void;
}

export interface SummaryListRow {
  key: string;
  value: React.ReactNode;
  action?: SummaryListAction;
}

export interface SummaryListProps extends Omit<React.ComponentProps<'dl'>, 'children'> {
  rows: readonly SummaryListRow[];
  renderLink?: RenderLink | undefined;
}

function ActionControl({
  action,
  renderLink,
}: {
  action: SummaryListAction;
  renderLink: RenderLink | undefined;
}) {
  const content = (
    <>
      {action.label}
      {action.visuallyHiddenContext === undefined ? null : (
        <span className="sr-only"> {action.visuallyHiddenContext}</span>
      )}
    </>
  );
  if (action.href !== undefined) {
    return (
      <SiteLink
        href={action.href}
        renderLink={renderLink}
        className="rounded-sm font-semibold text-link underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {content}
      </SiteLink>
    );
  }
  return (
    <Button variant="link" className="h-auto min-h-11" onClick={action.onClick}>
      {content}
    </Button>
  );
}

/**
 * Answers given, one row each (GOV.UK summary list): the question, the answer and, when it can
 * be changed, an action whose accessible name says what it changes. Rows stack on phones.
 */
export function SummaryList({ rows, renderLink, className, ...props }: SummaryListProps) {
  return (
    <dl
      data-slot="summary-list"
      className={cn('flex flex-col border-t-2 border-border', className)}
      {...props}
    >
      {rows.map((row) => (
        <div
          key={row.key}
          data-slot="summary-list-row"
          className="flex flex-col gap-1 border-b-2 border-border py-3 sm:grid sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_auto] sm:items-baseline sm:gap-4"
        >
          <dt className="font-semibold">{row.key}</dt>
          <dd className="wrap-anywhere">{row.value}</dd>
          {row.action === undefined ? null : (
            <dd>
              <ActionControl action={row.action} renderLink={renderLink} />
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
