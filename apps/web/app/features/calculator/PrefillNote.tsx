import type { CalculatorStep } from '@cbp/core';
import { Alert } from '@cbp/ui';

import { prefillSentences, type Prefill } from './start';

export interface PrefillNoteProps {
  prefill: Prefill | null;
  step: CalculatorStep;
  /** The figures as they were prefilled, to name them. */
  startNumbers: Readonly<Record<string, string>>;
}

/** Says which figures of this step were filled in for the person, and from where. */
export function PrefillNote({ prefill, step, startNumbers }: PrefillNoteProps) {
  const sentences = prefillSentences(prefill, step, startNumbers);
  if (sentences.length === 0) return null;
  return (
    <Alert variant="info">
      {sentences.map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
    </Alert>
  );
}
