import { REVIEW_SERVER_MESSAGES, type ReviewDraft, type ReviewFieldName } from '@cbp/core';
import { Alert, Button, SummaryList } from '@cbp/ui';
import * as React from 'react';
import { Link } from 'react-router';

import { routerLink } from '../../lib/router-link';
import { summarySections } from './summary';
import {
  CHANGE,
  CONTINUE_TO_SENDING,
  FINALIZE,
  FINALIZING,
  LOCKED_HEADING,
  LOCKED_LINK,
  SENDING_PATH,
  SUMMARY_CHANGED,
  SUMMARY_DONE,
  SUMMARY_HEADING,
  WIZARD_TITLE,
} from './strings';

export interface ReviewSummaryProps {
  draft: ReviewDraft;
  /** Moves focus to the summary's heading when it appears. */
  focusOnMount?: boolean;
  /** Where 'Cambiar' goes for a field: its step and tab. Absent when the file is locked. */
  changeHref?: (field: ReviewFieldName) => string;
  /** 'Finalizar revisión', when the answers changed after the review was finalized. */
  onFinalize?: () => void;
  finalizing?: boolean;
  /** A problem with finalizing again, in words. */
  failure?: string | null;
}

/**
 * Check your answers (GOV.UK pattern): every answer by step, formatted es-ES, each with a
 * 'Cambiar' that says what it changes; then on to sending the file. Locked, the same answers
 * without changes and the server's message.
 */
export function ReviewSummary({
  draft,
  focusOnMount = false,
  changeHref,
  onFinalize,
  finalizing = false,
  failure = null,
}: ReviewSummaryProps) {
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  React.useLayoutEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  const locked = draft.bloqueado;
  const finalized = draft.finalizada !== null;
  const sections = summarySections(draft.valores);

  return (
    <div className="flex max-w-2xl flex-col gap-8">
      <h1 className="text-3xl leading-tight font-bold">{WIZARD_TITLE}</h1>
      {locked ? (
        <Alert variant="warning">
          <p>{REVIEW_SERVER_MESSAGES.locked}</p>
        </Alert>
      ) : (
        <Alert variant={finalized ? 'success' : 'info'}>
          <p>{finalized ? SUMMARY_DONE : SUMMARY_CHANGED}</p>
        </Alert>
      )}
      {failure === null ? null : (
        <Alert variant="error" role="alert">
          <p>{failure}</p>
        </Alert>
      )}
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl leading-tight font-bold outline-none">
        {locked ? LOCKED_HEADING : SUMMARY_HEADING}
      </h2>
      {sections.map((section) => (
        <section
          key={section.paso}
          aria-labelledby={`resumen-paso-${String(section.paso)}`}
          className="flex flex-col gap-4"
        >
          <h3 id={`resumen-paso-${String(section.paso)}`} className="text-xl font-bold">
            {section.title}
          </h3>
          {section.note === null ? null : <p>{section.note}</p>}
          {section.groups.map((group) => (
            <div key={group.title ?? 'lista'} className="flex flex-col gap-2">
              {group.title === null ? null : (
                <h4 className="text-lg font-semibold">{group.title}</h4>
              )}
              {group.rows.length === 0 ? null : (
                <SummaryList
                  rows={group.rows.map((row) => ({
                    key: row.label,
                    value: row.value,
                    ...(changeHref === undefined || locked
                      ? {}
                      : {
                          action: {
                            label: CHANGE,
                            visuallyHiddenContext: row.changeContext,
                            href: changeHref(row.field),
                          },
                        }),
                  }))}
                  renderLink={routerLink}
                />
              )}
            </div>
          ))}
        </section>
      ))}
      <div className="flex flex-wrap gap-3">
        {locked || finalized ? (
          <Button asChild size="lg">
            <Link to={SENDING_PATH}>{locked ? LOCKED_LINK : CONTINUE_TO_SENDING}</Link>
          </Button>
        ) : (
          <Button size="lg" busy={finalizing} busyLabel={FINALIZING} onClick={onFinalize}>
            {FINALIZE}
          </Button>
        )}
      </div>
    </div>
  );
}
