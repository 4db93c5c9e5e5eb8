import { Alert, Button } from '@cbp/ui';

import { personLabel, personsNote, personsOf } from '../state';
import {
  DISABILITY_LABEL,
  FIRST_STEP_MISSING,
  GO_TO_FIRST_STEP,
  INCOME_LABEL,
  MINOR_LABEL,
  RELATIONSHIP_LABEL,
} from '../strings';
import { ReviewField, type StepFieldProps } from './ReviewField';

export interface PersonsStepProps extends StepFieldProps {
  /** Counts a failed Siguiente, so the missing-counts message is announced again. */
  attempt: number;
  onFirstStep: () => void;
}

/**
 * Step 3: one block per person, max(holders, members) of them, holders first; the income type
 * of each and, for members who are not holders, their relationship to the holder and whether
 * they are minors; and of everyone, a recognised disability, dependency or incapacity. Every
 * answer is required: the checklist and the letter depend on them (decision 0630).
 */
export function PersonsStep({ attempt, onFirstStep, ...fields }: PersonsStepProps) {
  const persons = personsOf(fields.valores);
  if (persons === null) {
    return (
      <Alert key={attempt} variant="error" role="alert">
        <p>{FIRST_STEP_MISSING}</p>
        <p className="mt-2">
          <Button variant="link" onClick={onFirstStep}>
            {GO_TO_FIRST_STEP}
          </Button>
        </p>
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <p className="text-lg">{personsNote(persons)}</p>
      {persons.map((person) => (
        <fieldset
          key={person.index}
          className="flex min-w-0 flex-col gap-4 rounded-lg border-2 border-border p-4"
        >
          <legend className="px-1 text-xl font-bold">{personLabel(person, persons)}</legend>
          <ReviewField field={person.ingresosKey} label={INCOME_LABEL} required {...fields} />
          {person.relacionKey === null ? null : (
            <ReviewField
              field={person.relacionKey}
              label={RELATIONSHIP_LABEL}
              required
              {...fields}
            />
          )}
          {person.menorKey === null ? null : (
            <ReviewField field={person.menorKey} label={MINOR_LABEL} required {...fields} />
          )}
          <ReviewField
            field={person.discapacidadKey}
            label={DISABILITY_LABEL}
            required
            {...fields}
          />
        </fieldset>
      ))}
    </div>
  );
}
