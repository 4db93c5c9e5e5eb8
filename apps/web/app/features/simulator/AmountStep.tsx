import { Button, ErrorSummary, EuroInput, Field } from '@cbp/ui';
import { useState } from 'react';

import { readAmount } from './amounts';
import type { AmountQuestionDefinition } from './questions';

export interface AmountStepProps {
  question: AmountQuestionDefinition;
  text: string;
  onTextChange: (text: string) => void;
  onNext: () => void;
}

/**
 * A numeric question with 'Siguiente'. An empty or unreadable amount shows why instead of
 * doing nothing (docs/decisions/0441-simulator-validation-messages.md).
 */
export function AmountStep({ question, text, onTextChange, onNext }: AmountStepProps) {
  const [error, setError] = useState<{ message: string; attempt: number } | null>(null);
  const fieldId = `respuesta-${question.key}`;

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        const amount = readAmount(question.key, text);
        if (amount.ok) {
          setError(null);
          onNext();
        } else {
          setError({ message: amount.message, attempt: (error?.attempt ?? 0) + 1 });
        }
      }}
    >
      {error ? (
        <ErrorSummary key={error.attempt} errors={[{ fieldId, message: error.message }]} />
      ) : null}
      <Field
        id={fieldId}
        label={question.question}
        labelIsPageHeading
        hint={question.hint}
        error={error?.message}
      >
        <EuroInput
          name={question.key}
          value={text}
          autoComplete="off"
          onValueChange={(_value, typed) => {
            onTextChange(typed);
          }}
        />
      </Field>
      <div>
        <Button type="submit" size="lg">
          Siguiente
        </Button>
      </div>
    </form>
  );
}
