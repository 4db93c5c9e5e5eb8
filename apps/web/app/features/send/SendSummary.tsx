import type { ReviewDraft, SubmissionView } from '@cbp/core';
import { Alert, StatusBadge, SummaryList, TextLink } from '@cbp/ui';
import { Link } from 'react-router';

import { routerLink } from '../../lib/router-link';
import { Section } from '../../lib/section';
import { NOT_GIVEN } from '../review/strings';
import { answerRows, documentGroups, letterPlaceholders, missingGroups, planText } from './state';
import {
  ANSWERS_UNAVAILABLE,
  CHANGE_ANSWERS,
  LETTER_LABELS,
  MISSING_INTRO,
  MISSING_TITLE,
  NO_DOCUMENTS,
  PLAN_LABELS,
  SECTION_TITLES,
} from './strings';

/**
 * What stops the file from being sent, each item a link to the screen that completes it. After
 * a refused send it is an error led by the server's message, so it is said once and announced.
 */
export function MissingList({ view, refusal }: { view: SubmissionView; refusal: string | null }) {
  const groups = missingGroups(view.faltan);
  if (groups.length === 0 && refusal === null) return null;
  return (
    <Alert variant={refusal === null ? 'warning' : 'error'} srPrefix="">
      <h2 className="text-xl leading-snug font-bold">{refusal ?? MISSING_TITLE}</h2>
      {groups.length === 0 ? null : <p>{MISSING_INTRO}</p>}
      {groups.map((group) => (
        <div key={group.kind} className="mt-2 flex flex-col gap-1">
          <h3 id={`falta-${group.kind}`} className="font-bold">
            {group.title}
          </h3>
          <ul
            aria-labelledby={`falta-${group.kind}`}
            className="flex list-disc flex-col gap-1 ps-5"
          >
            {group.items.map((item) => (
              <li key={`${item.href}:${item.message}`}>
                <TextLink asChild>
                  {item.href.startsWith('#') ? (
                    <a href={item.href}>{item.message}</a>
                  ) : (
                    <Link to={item.href}>{item.message}</Link>
                  )}
                </TextLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Alert>
  );
}

export function Answers({ draft, locked }: { draft: ReviewDraft | null; locked: boolean }) {
  return (
    <Section title={SECTION_TITLES.answers}>
      {draft === null ? (
        <p>{ANSWERS_UNAVAILABLE}</p>
      ) : (
        <SummaryList rows={answerRows(draft)} renderLink={routerLink} />
      )}
      {locked ? null : (
        <p>
          <TextLink asChild variant="standalone">
            <Link to="/app/revisar-expediente">{CHANGE_ANSWERS}</Link>
          </TextLink>
        </p>
      )}
    </Section>
  );
}

export function Letter({ view }: { view: SubmissionView }) {
  const placeholder = letterPlaceholders(view);
  return (
    <Section title={SECTION_TITLES.letter}>
      <SummaryList
        rows={[
          { key: LETTER_LABELS.bank, value: view.banco ?? NOT_GIVEN },
          { key: LETTER_LABELS.code, value: view.codigo?.nombre ?? placeholder.code },
          {
            key: LETTER_LABELS.measures,
            value:
              view.medidas.length === 0 ? (
                placeholder.measures
              ) : (
                <ul className="flex list-disc flex-col gap-1 ps-5">
                  {view.medidas.map((medida) => (
                    <li key={medida}>{medida}</li>
                  ))}
                </ul>
              ),
          },
        ]}
      />
    </Section>
  );
}

export function Documents({ view }: { view: SubmissionView }) {
  const groups = documentGroups(view.documentos);
  return (
    <Section title={SECTION_TITLES.documents}>
      {groups.length === 0 ? <p>{NO_DOCUMENTS}</p> : null}
      {groups.map((group) => (
        <div key={group.persona} className="flex flex-col gap-2">
          <h3 className="text-lg font-bold">{group.persona}</h3>
          <ul className="flex flex-col border-t-2 border-border">
            {group.documents.map((document) => (
              <li
                key={document.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b-2 border-border py-3"
              >
                <span className="min-w-0 wrap-anywhere">{document.nombre}</span>
                <StatusBadge status={document.badge.status} tone={document.badge.tone} size="sm" />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Section>
  );
}

export function Plan({ view }: { view: SubmissionView }) {
  const text = planText(view.plan);
  return (
    <Section title={SECTION_TITLES.plan}>
      <SummaryList
        rows={[
          { key: PLAN_LABELS.plan, value: text.plan },
          { key: PLAN_LABELS.payment, value: text.pago },
        ]}
      />
    </Section>
  );
}
