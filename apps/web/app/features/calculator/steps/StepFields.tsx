import {
  BANKS,
  CALCULATOR_FIELD_LABELS,
  DISCAPACIDAD_OPTIONS,
  type CalculatorStep,
  type Discapacidad,
} from '@cbp/core';
import {
  Alert,
  BankPicker,
  Checkbox,
  EuroInput,
  Field,
  NumberInput,
  PercentInput,
  RadioCard,
  RadioCardGroup,
} from '@cbp/ui';

import { fieldId, STEP_NUMBER_FIELDS, type CalculatorValues, type NumberFieldName } from '../state';
import { FIELD_HINTS, STEP_HEADINGS, type FieldErrors } from '../strings';

export interface StepFieldsProps {
  step: CalculatorStep;
  values: CalculatorValues;
  errors: FieldErrors;
  onChange: (update: (values: CalculatorValues) => CalculatorValues) => void;
}

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

/** The questions of one step of the calculator (spec 02, section 2.1). */
export function StepFields({ step, values, errors, onChange }: StepFieldsProps) {
  if (step === 1) {
    return (
      <Field
        id={fieldId('banco')}
        label={STEP_HEADINGS[1].question}
        hint={FIELD_HINTS.banco}
        error={errors.banco}
        required
      >
        <BankPicker
          banks={BANKS}
          name="banco"
          value={values.banco}
          onValueChange={(bankId) => {
            onChange((current) => ({ ...current, banco: bankId }));
          }}
        />
      </Field>
    );
  }
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
            onChange((current) => ({ ...current, discapacidad: option satisfies Discapacidad }));
          }}
        >
          {DISCAPACIDAD_OPTIONS.map((option) => (
            <RadioCard key={option} value={option}>
              {option}
            </RadioCard>
          ))}
        </RadioCardGroup>
        <Checkbox
          id={fieldId('mayorSesenta')}
          label="Es el deudor mayor de 60 años"
          checked={values.mayorSesenta}
          onCheckedChange={(checked) => {
            onChange((current) => ({ ...current, mayorSesenta: checked === true }));
          }}
        />
        <Checkbox
          id={fieldId('grupoVulnerable')}
          label="Pertenezco a un grupo familiar vulnerable"
          hint={FIELD_HINTS.grupoVulnerable}
          checked={values.grupoVulnerable}
          onCheckedChange={(checked) => {
            onChange((current) => ({ ...current, grupoVulnerable: checked === true }));
          }}
        />
        <Alert variant="info">
          <p>
            El grado de discapacidad y formar parte de un grupo familiar vulnerable cambian el
            límite de ingresos con el que puedes acogerte al código.
          </p>
        </Alert>
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
