import {
  CALCULATOR_FIELD_LABELS,
  CIRCUMSTANCE_TEXTS,
  CIRCUMSTANCE_TIMING_LABELS,
  CIRCUMSTANCE_TIMINGS,
  DISCAPACIDAD_OPTIONS,
  VULNERABILITY_CIRCUMSTANCES,
  type Discapacidad,
} from '@cbp/core';
import {
  Alert,
  EuroInput,
  Field,
  NumberInput,
  PercentInput,
  RadioCard,
  RadioCardGroup,
} from '@cbp/ui';

import {
  circumstanceAnswer,
  circumstanceMayBeNo,
  fieldId,
  STEP_NUMBER_FIELDS,
  withCircumstance,
  withDiscapacidad,
  type CalculatorValues,
  type CircumstanceAnswer,
  type NumberFieldName,
} from '../state';
import type { LaterStepFieldsProps, StepFieldsProps } from './StepFields';
import {
  CIRCUMSTANCE_HINTS,
  CIRCUMSTANCES_HEADING,
  CIRCUMSTANCES_INTRO,
  DISABILITY_GIVES_CIRCUMSTANCE,
  INCOME_CASE_NOTE,
} from '../later-step-strings';
import { FIELD_HINTS, type FieldErrors } from '../strings';

function NumberField({
  field,
  values,
  errors,
  onChange,
}: {
  field: NumberFieldName;
  values: CalculatorValues;
  errors: FieldErrors;
  onChange: StepFieldsProps['onChange'];
}) {
  const common = {
    name: field,
    value: values.numbers[field],
    autoComplete: 'off',
    onValueChange: (_value: number | null, text: string) => {
      onChange((current) => ({ ...current, numbers: { ...current.numbers, [field]: text } }));
    },
  };
  const control =
    field === 'tipoInteres' ? (
      <PercentInput {...common} fractionDigits={2} />
    ) : field === 'plazoRestante' || field === 'plazoOriginal' ? (
      <NumberInput {...common} unitLabel="años" inputMode="decimal" />
    ) : (
      <EuroInput {...common} />
    );
  return (
    <Field
      id={fieldId(field)}
      label={CALCULATOR_FIELD_LABELS[field]}
      hint={FIELD_HINTS[field]}
      error={errors[field]}
      required
    >
      {control}
    </Field>
  );
}

const CIRCUMSTANCE_ANSWERS: readonly CircumstanceAnswer[] = ['no', ...CIRCUMSTANCE_TIMINGS];

/**
 * The questions of the calculator's steps 2 to 5 (spec 02, section 2.1): loaded apart from the
 * first step, which asks only for the bank (StepFields.tsx).
 */
export function LaterStepFields({ step, values, errors, onChange }: LaterStepFieldsProps) {
  if (step === 2) {
    return (
      <div className="flex flex-col gap-6">
        <RadioCardGroup
          id={fieldId('discapacidad')}
          legend="¿Tiene alguno de los titulares una discapacidad reconocida?"
          hint={FIELD_HINTS.discapacidad}
          error={errors.discapacidad}
          value={values.discapacidad}
          onValueChange={(value) => {
            const option = DISCAPACIDAD_OPTIONS.find((candidate) => candidate === value);
            if (option === undefined) return;
            onChange((current) => withDiscapacidad(current, option satisfies Discapacidad));
          }}
        >
          {DISCAPACIDAD_OPTIONS.map((option) => (
            <RadioCard key={option} value={option}>
              {option}
            </RadioCard>
          ))}
        </RadioCardGroup>
        <Alert variant="info">
          <p>{INCOME_CASE_NOTE}</p>
        </Alert>
        <section
          id={fieldId('circunstancias')}
          aria-labelledby="calculadora-circunstancias-titulo"
          className="flex flex-col gap-6"
        >
          <div className="flex flex-col gap-2">
            <h3 id="calculadora-circunstancias-titulo" className="text-lg font-bold">
              {CIRCUMSTANCES_HEADING}
            </h3>
            <p>{CIRCUMSTANCES_INTRO}</p>
          </div>
          {VULNERABILITY_CIRCUMSTANCES.map((id) => {
            const mayBeNo = circumstanceMayBeNo(values, id);
            return (
              <RadioCardGroup
                key={id}
                id={`${fieldId('circunstancias')}-${id}`}
                legend={CIRCUMSTANCE_TEXTS[id].label}
                hint={mayBeNo ? CIRCUMSTANCE_HINTS[id] : DISABILITY_GIVES_CIRCUMSTANCE}
                value={circumstanceAnswer(values, id)}
                onValueChange={(value) => {
                  const answer = CIRCUMSTANCE_ANSWERS.find((candidate) => candidate === value);
                  if (answer === undefined) return;
                  onChange((current) => withCircumstance(current, id, answer));
                }}
              >
                <RadioCard value="no" disabled={!mayBeNo}>
                  No
                </RadioCard>
                {CIRCUMSTANCE_TIMINGS.map((timing) => (
                  <RadioCard key={timing} value={timing}>
                    {CIRCUMSTANCE_TIMING_LABELS[timing]}
                  </RadioCard>
                ))}
              </RadioCardGroup>
            );
          })}
        </section>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {STEP_NUMBER_FIELDS[step].map((field) => (
        <NumberField
          key={field}
          field={field}
          values={values}
          errors={errors}
          onChange={onChange}
        />
      ))}
    </div>
  );
}
