import { YesNoQuestion } from '@cbp/ui';

import type { YesNoQuestionDefinition } from './questions';

export interface YesNoStepProps {
  question: YesNoQuestionDefinition;
  value: boolean | undefined;
  onAnswer: (answer: boolean) => void;
}

export function YesNoStep({ question, value, onAnswer }: YesNoStepProps) {
  return (
    <YesNoQuestion
      id={`pregunta-${question.key}`}
      question={question.question}
      hint={question.hint}
      value={value ?? null}
      onAnswer={onAnswer}
    />
  );
}
