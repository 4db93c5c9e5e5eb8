import { contactDataSchema } from '@cbp/core';
import { Button, Checkbox, EmailInput, Field, PhoneInput, TextInput, TextLink } from '@cbp/ui';
import { useId } from 'react';

import { useFormErrors } from '../../lib/forms/use-form-errors';
import type { ContactDraft } from './draft';

type ContactField = keyof ContactDraft;

const FIELDS: readonly {
  key: ContactField;
  label: string;
  hint?: string;
  autoComplete: string;
}[] = [
  { key: 'nombre', label: 'Nombre', autoComplete: 'given-name' },
  { key: 'apellidos', label: 'Apellidos', autoComplete: 'family-name' },
  {
    key: 'correo',
    label: 'Correo electrónico',
    hint: 'Si cumples los requisitos, te enviaremos aquí el acceso a tu área de cliente.',
    autoComplete: 'email',
  },
  {
    key: 'telefono',
    label: 'Teléfono',
    hint: 'Un número español, móvil o fijo. Por ejemplo: 612 345 678',
    autoComplete: 'tel',
  },
];

const FIELD_KEYS = FIELDS.map(({ key }) => key);

export const PRIVACY_CHECKBOX_ID = 'contacto-politica-privacidad';

export function contactFieldId(key: ContactField): string {
  return `contacto-${key}`;
}

export interface ContactStepProps {
  contact: ContactDraft;
  privacyAccepted: boolean;
  onContactChange: (key: ContactField, value: string) => void;
  onPrivacyChange: (accepted: boolean) => void;
  onSubmit: () => void;
}

/** The contact step: four fields, the privacy consent and 'Ver resultado'. */
export function ContactStep({
  contact,
  privacyAccepted,
  onContactChange,
  onPrivacyChange,
  onSubmit,
}: ContactStepProps) {
  const form = useFormErrors(FIELD_KEYS, contactFieldId);
  const introId = useId();
  const consentHintId = useId();

  return (
    <form
      noValidate
      aria-labelledby={introId}
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (!privacyAccepted) return;
        const result = contactDataSchema.safeParse(contact);
        if (result.success) {
          form.clear();
          onSubmit();
          return;
        }
        form.showParseErrors(result.error);
      }}
    >
      {form.summary}
      <div className="flex flex-col gap-2">
        <h1 id={introId} tabIndex={-1} className="text-3xl leading-tight font-bold outline-none">
          ¿Cómo podemos contactar contigo?
        </h1>
        <p className="text-muted-foreground">
          Los necesitamos para darte tu resultado y, si cumples los requisitos, llamarte para
          explicarte los siguientes pasos.
        </p>
      </div>

      {FIELDS.map(({ key, label, hint, autoComplete }) => {
        const Control = key === 'correo' ? EmailInput : key === 'telefono' ? PhoneInput : TextInput;
        return (
          <Field
            key={key}
            id={contactFieldId(key)}
            label={label}
            hint={hint}
            error={form.errors[key]}
          >
            <Control
              name={key}
              autoComplete={autoComplete}
              value={contact[key]}
              onChange={(event) => {
                onContactChange(key, event.currentTarget.value);
              }}
            />
          </Field>
        );
      })}

      <Checkbox
        id={PRIVACY_CHECKBOX_ID}
        checked={privacyAccepted}
        onCheckedChange={(checked) => {
          onPrivacyChange(checked);
        }}
        label={
          <>
            He leído y acepto la{' '}
            <TextLink href="/politica-privacidad" newTab className="font-semibold">
              política de privacidad
            </TextLink>
          </>
        }
      />

      <div className="flex flex-col items-start gap-2">
        <Button
          type="submit"
          size="lg"
          disabled={!privacyAccepted}
          aria-describedby={privacyAccepted ? undefined : consentHintId}
        >
          Ver resultado
        </Button>
        {privacyAccepted ? null : (
          <p id={consentHintId} className="text-muted-foreground">
            Para ver tu resultado, marca antes la casilla de la política de privacidad.
          </p>
        )}
      </div>
    </form>
  );
}
