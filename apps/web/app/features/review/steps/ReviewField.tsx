import {
  INCOME_TYPE_OPTIONS,
  RELATIONSHIP_OPTIONS,
  YES_NO_OPTIONS,
  RULES,
  type ReviewDraftValues,
  type ReviewFieldName,
  type ReviewPrefillSource,
} from '@cbp/core';
import {
  EmailInput,
  EuroInput,
  Field,
  HelpTip,
  NativeSelect,
  NumberInput,
  PercentInput,
  PhoneInput,
  TextInput,
} from '@cbp/ui';
import type * as React from 'react';

import { LazyBankPicker } from '../../../lib/bank-picker';

import { EURO_FIELDS, fieldId, type FieldErrors } from '../state';
import {
  CHOOSE_OPTION,
  COUNT_HELP,
  FIELD_HINTS,
  FIELD_LABELS,
  PREFILL_EDITABLE,
  PREFILL_NOTES,
} from '../strings';

/** What every step gives its fields. */
export interface StepFieldProps {
  valores: ReviewDraftValues;
  errors: FieldErrors;
  onField: (field: ReviewFieldName, text: string) => void;
  /** Where a field's value came from, while it is still the product's. */
  prefillOf: (field: ReviewFieldName) => ReviewPrefillSource | null;
}

const AUTOCOMPLETE: Partial<Record<ReviewFieldName, string>> = {
  nombre: 'given-name',
  apellidos: 'family-name',
  domicilio: 'street-address',
};

/** The field's hint and, for a prefilled value, where it came from; undefined when neither. */
function hintOf(field: ReviewFieldName, source: ReviewPrefillSource | null) {
  const hint = FIELD_HINTS[field];
  if (hint === undefined && source === null) return undefined;
  return (
    <>
      {hint === undefined ? null : <span className="block">{hint}</span>}
      {source === null ? null : (
        <span data-prefill={source} className="mt-1 block font-semibold text-foreground">
          {PREFILL_NOTES[source]}. {PREFILL_EDITABLE}
        </span>
      )}
    </>
  );
}

function Control({
  field,
  text,
  onText,
}: {
  field: ReviewFieldName;
  text: string;
  onText: (text: string) => void;
}) {
  const number = {
    name: field,
    value: text,
    autoComplete: 'off',
    onValueChange: (_value: number | null, typed: string) => {
      onText(typed);
    },
  };
  const typed = {
    name: field,
    value: text,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      onText(event.currentTarget.value);
    },
  };
  if (field === 'numeroTitulares' || field === 'miembrosUnidadFamiliar') {
    return <NumberInput {...number} inputMode="numeric" className="max-w-28" />;
  }
  if (field === 'plazoOriginalHipoteca') {
    return (
      <NumberInput
        {...number}
        inputMode="numeric"
        unitLabel="años"
        endAddon="años"
        className="max-w-44"
      />
    );
  }
  if (field === 'interesAnual') return <PercentInput {...number} fractionDigits={2} />;
  if (EURO_FIELDS.has(field)) return <EuroInput {...number} />;
  if (field === 'bancoHipoteca') {
    return (
      <LazyBankPicker
        name={field}
        value={text === '' ? null : text}
        onValueChange={(bankId) => {
          onText(bankId ?? '');
        }}
      />
    );
  }
  if (field === 'fechaVencimiento')
    return <TextInput {...typed} type="date" className="max-w-56" />;
  if (field === 'email') return <EmailInput {...typed} />;
  if (field === 'gestorEmail') return <EmailInput {...typed} autoComplete="off" />;
  if (field === 'telefono') return <PhoneInput {...typed} />;
  if (field === 'gestorTelefono') return <PhoneInput {...typed} autoComplete="off" />;
  if (
    field.endsWith('Ingresos') ||
    field.endsWith('Relacion') ||
    field.endsWith('Menor') ||
    field.endsWith('Discapacidad')
  ) {
    const options = field.endsWith('Ingresos')
      ? INCOME_TYPE_OPTIONS
      : field.endsWith('Relacion')
        ? RELATIONSHIP_OPTIONS
        : YES_NO_OPTIONS;
    return (
      <NativeSelect
        name={field}
        value={text}
        onChange={(event) => {
          onText(event.currentTarget.value);
        }}
      >
        <option value="">{CHOOSE_OPTION}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    );
  }
  return <TextInput {...typed} autoComplete={AUTOCOMPLETE[field] ?? 'off'} />;
}

/**
 * One question of the review: its label, hint, where a prefilled value came from, its error and
 * the control its kind of value needs. The counts carry their help tooltip beside the box.
 */
export function ReviewField({
  field,
  label,
  valores,
  errors,
  onField,
  prefillOf,
  required = false,
}: StepFieldProps & { field: ReviewFieldName; label?: string; required?: boolean }) {
  const source = prefillOf(field);
  const control = (
    <Control
      field={field}
      text={valores[field] ?? ''}
      onText={(text) => {
        onField(field, text);
      }}
    />
  );
  const help =
    field === 'numeroTitulares' || field === 'miembrosUnidadFamiliar' ? COUNT_HELP[field] : null;
  return (
    <Field
      id={fieldId(field)}
      label={label ?? FIELD_LABELS[field] ?? field}
      hint={hintOf(field, source)}
      error={errors[field]}
      required={required}
    >
      {help === null ? (
        control
      ) : (
        <div className="flex items-center gap-2">
          {control}
          <HelpTip topic={help.topic} tapDuration={RULES.timings.tooltipMs}>
            {help.text}
          </HelpTip>
        </div>
      )}
    </Field>
  );
}
