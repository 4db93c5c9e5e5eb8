import {
  DISCAPACIDAD_OPTIONS,
  INCOME_TYPE_OPTIONS,
  PHONE_MESSAGES,
  PRIVACY_POLICY_MESSAGE,
} from '@cbp/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';

import { Button } from '../Button';
import { Checkbox } from '../Checkbox';
import { EuroInput } from '../EuroInput';
import { Field } from '../Field';
import { PhoneInput } from '../PhoneInput';
import { RadioCard, RadioCardGroup } from '../RadioCardGroup';
import { Select, SelectItem } from '../Select';
import { TextLink } from '../TextLink';
import { ErrorSummary, type ErrorSummaryItem } from './ErrorSummary';

const meta = {
  title: 'Formularios/ErrorSummary',
  component: ErrorSummary,
  args: {
    errors: [
      { fieldId: 'telefono', message: PHONE_MESSAGES.required },
      { fieldId: 'politicaPrivacidad', message: PRIVACY_POLICY_MESSAGE },
    ],
  },
  argTypes: {
    title: { control: 'text' },
    description: { control: 'text' },
    errors: { control: 'object' },
  },
  parameters: {
    docs: {
      description: {
        component: `
The list of what is wrong in a form, shown at the top of it when the person tries to continue (GOV.UK error
summary). Each entry links to its field; each field shows the same message next to it.

**Usage**
- \`errors\`: one \`{ fieldId, message }\` per field, in the order of the fields. \`fieldId\` is the control's id: the
  \`id\` of a \`Field\`, a \`Checkbox\` or a \`RadioCardGroup\`. The message is the spec's, word for word.
- Render it with the errors from the attempt to continue; with no errors it renders nothing. It takes the focus
  when it appears; after another failed attempt give it a new \`key\` so it is focused and announced again.
- \`title\` is "Hay un problema" by default; \`description\` adds a sentence under it.
- Put it at the top of the page's main content, below the "Atrás" link and above the page heading.

**Accessibility criteria**
- \`role="alert"\` named by its title, and focused when it appears (\`tabIndex={-1}\`), so screen readers read it at
  once and Tab leads to its first link.
- Links are real \`<a href="#id">\`: following one focuses the field (or, for a group, its chosen or first option)
  and scrolls its label or question into view, so the person sees what is asked.
- A thick red border, the title and the link texts say it is an error: not colour alone. Visible focus outline.
`,
      },
    },
  },
} satisfies Meta<typeof ErrorSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

interface ContactErrors {
  telefono?: string;
  cuotaMensual?: string;
  persona1Ingresos?: string;
  discapacidad?: string;
  politicaPrivacidad?: string;
}

const fieldOrder = [
  'telefono',
  'cuotaMensual',
  'persona1Ingresos',
  'discapacidad',
  'politicaPrivacidad',
] as const;

function ContactForm() {
  const [errors, setErrors] = useState<ContactErrors>({});
  const [attempt, setAttempt] = useState(0);
  const summary: ErrorSummaryItem[] = fieldOrder.flatMap((fieldId) => {
    const message = errors[fieldId];
    return message === undefined ? [] : [{ fieldId, message }];
  });

  return (
    <form
      noValidate
      aria-label="Tus datos"
      className="flex max-w-xl flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const filled = (name: string) => {
          const value = data.get(name);
          return typeof value === 'string' && value.trim() !== '';
        };
        setErrors({
          telefono: filled('telefono') ? undefined : PHONE_MESSAGES.required,
          cuotaMensual: filled('cuotaMensual') ? undefined : 'Introduce la cuota mensual',
          persona1Ingresos: filled('persona1Ingresos')
            ? undefined
            : 'Elige un tipo de ingresos de la lista',
          discapacidad: filled('discapacidad') ? undefined : 'Selecciona una opción',
          politicaPrivacidad: data.get('politicaPrivacidad') ? undefined : PRIVACY_POLICY_MESSAGE,
        });
        setAttempt(attempt + 1);
      }}
    >
      <ErrorSummary key={attempt} errors={summary} />
      <Field id="telefono" label="Teléfono" error={errors.telefono}>
        <PhoneInput name="telefono" />
      </Field>
      <Field id="cuotaMensual" label="Cuota mensual de la hipoteca" error={errors.cuotaMensual}>
        <EuroInput name="cuotaMensual" />
      </Field>
      <Field id="persona1Ingresos" label="Tipo de ingresos" error={errors.persona1Ingresos}>
        <Select name="persona1Ingresos">
          {INCOME_TYPE_OPTIONS.map(({ value, label }) => (
            <SelectItem key={value} value={value}>
              {label}
            </SelectItem>
          ))}
        </Select>
      </Field>
      <RadioCardGroup
        id="discapacidad"
        name="discapacidad"
        legend="¿Tiene el deudor alguna discapacidad reconocida?"
        error={errors.discapacidad}
      >
        {DISCAPACIDAD_OPTIONS.map((option) => (
          <RadioCard key={option} value={option}>
            {option}
          </RadioCard>
        ))}
      </RadioCardGroup>
      <Checkbox
        id="politicaPrivacidad"
        name="politicaPrivacidad"
        error={errors.politicaPrivacidad}
        label={
          <>
            He leído y acepto la{' '}
            <TextLink href="/politica-privacidad" newTab>
              política de privacidad
            </TextLink>
          </>
        }
      />
      <Button type="submit" className="self-start">
        Ver resultado
      </Button>
    </form>
  );
}

export const AfterContinue: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'Press "Ver resultado" with the form empty: the summary appears and takes the focus; each link goes to its field.',
      },
    },
  },
  render: () => <ContactForm />,
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Ver resultado' }));

    const summary = canvas.getByRole('alert', { name: 'Hay un problema' });
    await expect(summary).toHaveFocus();
    const links = canvas.getAllByRole('link').filter((link) => summary.contains(link));
    await expect(links.map((link) => link.textContent)).toEqual([
      'Introduce tu teléfono',
      'Introduce la cuota mensual',
      'Elige un tipo de ingresos de la lista',
      'Selecciona una opción',
      PRIVACY_POLICY_MESSAGE,
    ]);

    await userEvent.tab();
    await expect(links[0]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('textbox', { name: 'Teléfono' })).toHaveFocus();

    await userEvent.click(canvas.getByRole('link', { name: 'Introduce la cuota mensual' }));
    await expect(
      canvas.getByRole('textbox', { name: 'Cuota mensual de la hipoteca' }),
    ).toHaveFocus();

    await userEvent.click(
      canvas.getByRole('link', { name: 'Elige un tipo de ingresos de la lista' }),
    );
    await expect(canvas.getByRole('combobox', { name: 'Tipo de ingresos' })).toHaveFocus();

    await userEvent.click(canvas.getByRole('link', { name: 'Selecciona una opción' }));
    await expect(canvas.getByRole('radio', { name: 'No' })).toHaveFocus();

    await userEvent.click(canvas.getByRole('link', { name: PRIVACY_POLICY_MESSAGE }));
    await expect(canvas.getByRole('checkbox', { name: /^He leído y acepto/ })).toHaveFocus();
  },
};

export const CustomTitle: Story = {
  args: {
    title: 'Revisa los datos de la hipoteca',
    description: 'Sin estos datos no podemos calcular tu nueva cuota.',
    errors: [
      { fieldId: 'capitalPendiente', message: 'Introduce el capital pendiente' },
      { fieldId: 'tipoInteres', message: 'Introduce el tipo de interés' },
    ],
  },
  play: async ({ canvas }) => {
    const summary = canvas.getByRole('alert', { name: 'Revisa los datos de la hipoteca' });
    await expect(summary).toHaveFocus();
    await expect(summary).toHaveTextContent('Sin estos datos no podemos calcular tu nueva cuota.');
    await expect(
      canvas.getByRole('link', { name: 'Introduce el capital pendiente' }),
    ).toHaveAttribute('href', '#capitalPendiente');
  },
};

export const LongTextOnMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    errors: [
      {
        fieldId: 'ingresosNetosCuatroAnios',
        message:
          'Introduce los ingresos netos anuales de la unidad familiar de hace cuatro años, por ejemplo 24.500,00',
      },
      { fieldId: 'politicaPrivacidad', message: PRIVACY_POLICY_MESSAGE },
    ],
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('alert', { name: 'Hay un problema' })).toHaveFocus();
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
