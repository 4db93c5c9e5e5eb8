import type { CalculatorStep } from '@cbp/core';
import { Field } from '@cbp/ui';

import { LazyBankPicker } from '../../../lib/bank-picker';
import { onDemandPart } from '../../../lib/on-demand-part';
import { fieldId, type CalculatorValues } from '../state';
import {
  FIELD_HINTS,
  LATER_STEPS_LOADING,
  LATER_STEPS_UNREACHABLE,
  STEP_HEADINGS,
  type FieldErrors,
} from '../strings';

export interface StepFieldsProps {
  step: CalculatorStep;
  values: CalculatorValues;
  errors: FieldErrors;
  onChange: (update: (values: CalculatorValues) => CalculatorValues) => void;
}

/** Steps 2 to 5: what follows the bank. */
export type LaterStepFieldsProps = StepFieldsProps & { step: Exclude<CalculatorStep, 1> };

const laterSteps = onDemandPart<LaterStepFieldsProps>({
  load: () => import('./LaterStepFields').then((module) => module.LaterStepFields),
  loading: LATER_STEPS_LOADING,
  unreachable: LATER_STEPS_UNREACHABLE,
});

/**
 * Starts downloading the questions of steps 2 to 5: the wizard asks for them as soon as the
 * person starts answering the first step, which takes longer than they take to arrive.
 */
export const preloadLaterSteps = laterSteps.preload;

/** The questions of one step of the calculator (spec 02, section 2.1). */
export function StepFields(props: StepFieldsProps) {
  const { step, values, errors, onChange } = props;
  if (step !== 1) return <laterSteps.Part {...props} step={step} />;
  return (
    <Field
      id={fieldId('banco')}
      label={STEP_HEADINGS[1].question}
      hint={FIELD_HINTS.banco}
      error={errors.banco}
      required
    >
      <LazyBankPicker
        name="banco"
        value={values.banco}
        onValueChange={(bankId) => {
          onChange((current) => ({ ...current, banco: bankId }));
        }}
      />
    </Field>
  );
}
