import CheckDrawing from 'lucide/dist/esm/icons/check.mjs';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { Button } from '../Button';
import { icon } from '../../lib/icon';

const Check = icon(CheckDrawing);

export interface YesNoQuestionProps extends Omit<
  React.ComponentProps<'fieldset'>,
  'onChange' | 'children'
> {
  /** The question, shown as the heading of the page (or of the step). */
  question: React.ReactNode;
  /** Help under the question, read after it. */
  hint?: React.ReactNode;
  /** The answer given earlier, shown pressed: `true` Sí, `false` No, `null`/absent none yet. */
  value?: boolean | null;
  /** Called as soon as a button is pressed, so the form can move on to the next question. */
  onAnswer: (answer: boolean) => void;
  /** 1 when the question is the page's heading (the default), 2 or 3 inside a larger page. */
  headingLevel?: 1 | 2 | 3;
  /** The heading, focusable with `tabIndex={-1}`: focus it when a new question appears. */
  headingRef?: React.Ref<HTMLHeadingElement>;
  yesLabel?: string;
  noLabel?: string;
}

const headingSizes = { 1: 'text-3xl', 2: 'text-2xl', 3: 'text-xl' } as const;

/**
 * A question answered with "Sí" or "No", one per page (GOV.UK pattern): a fieldset whose legend
 * is the page heading and two buttons. Pressing one answers at once; there is no "Siguiente".
 * When the person comes back, the earlier answer shows pressed (`aria-pressed`).
 */
export function YesNoQuestion({
  question,
  hint,
  value = null,
  onAnswer,
  headingLevel = 1,
  headingRef,
  yesLabel = 'Sí',
  noLabel = 'No',
  id,
  className,
  'aria-describedby': describedBy,
  ...props
}: YesNoQuestionProps) {
  const generatedId = `question${React.useId().replace(/[^\w-]/g, '')}`;
  const ownId = id ?? generatedId;
  const hintId = `${ownId}-hint`;
  const hasHint = hint !== undefined && hint !== null && hint !== '';
  const Heading = `h${headingLevel}` as const;

  const answers = [
    { answer: true, label: yesLabel },
    { answer: false, label: noLabel },
  ] as const;

  return (
    <fieldset
      id={ownId}
      data-slot="yes-no-question"
      data-answered={value === null ? undefined : String(value)}
      aria-describedby={
        [hasHint ? hintId : undefined, describedBy].filter(Boolean).join(' ') || undefined
      }
      className={cn('min-w-0', className)}
      {...props}
    >
      <legend data-slot="yes-no-question-legend" className="mb-4 p-0">
        <Heading
          ref={headingRef}
          tabIndex={-1}
          data-slot="yes-no-question-heading"
          className={cn('font-bold text-foreground outline-none', headingSizes[headingLevel])}
        >
          {question}
        </Heading>
      </legend>
      {hasHint ? (
        <p id={hintId} data-slot="yes-no-question-hint" className="mb-4 text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <div data-slot="yes-no-question-answers" className="flex flex-wrap gap-3">
        {answers.map(({ answer, label }) => {
          const pressed = value === answer;
          return (
            <Button
              key={String(answer)}
              data-slot="yes-no-question-answer"
              variant={pressed ? 'primary' : 'outline'}
              size="lg"
              aria-pressed={pressed}
              className="min-w-32"
              onClick={() => {
                onAnswer(answer);
              }}
            >
              {pressed ? <Check aria-hidden="true" /> : null}
              {label}
            </Button>
          );
        })}
      </div>
    </fieldset>
  );
}
