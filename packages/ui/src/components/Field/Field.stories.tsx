import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';

import { Button } from '../Button';
import { TextInput } from '../TextInput';
import { Field } from './Field';

const meta = {
  title: 'Formularios/Field',
  component: Field,
  args: { label: 'Nombre', children: <TextInput name="nombre" autoComplete="given-name" /> },
  argTypes: {
    label: { control: 'text' },
    hint: { control: 'text' },
    error: { control: 'text' },
    children: { control: false },
  },
  parameters: {
    docs: {
      description: {
        component: `
Wraps one form control with its label, an optional hint and an error message, and wires them
together. Every control of the kit (\`TextInput\` and the inputs built on it, \`Select\`, ...) reads the
wiring through \`useFieldControl\`; a control of your own does the same:

\`\`\`tsx
function MyControl(props: React.ComponentProps<'input'>) {
  const controlProps = useFieldControl(props);
  return <input {...controlProps} />;
}
\`\`\`

**Usage**
- \`id\` belongs to the control (the wrapper has none): give one when an error summary must link to the field.
- \`hint\` explains the format or where to find the value ("La encontrarás en el recibo del banco"); do not
  use placeholders for that.
- \`error\` is the message in Spanish, as the spec words it ("Este campo es obligatorio"). Show it after the
  person tries to continue, not while they type.
- \`required\` adds a visual asterisk, the words "(obligatorio)" for screen readers and \`required\` on the control
  (the browser's own check runs unless the form has \`noValidate\`).
- \`labelIsPageHeading\` puts the label inside the page's \`<h1>\`, for one-question-per-page forms such as the simulator.

**Accessibility criteria**
- The label is a real \`<label for>\`: clicking it focuses the control, and it is the control's accessible name.
- Hint and error are linked with \`aria-describedby\` (hint first, then error), so screen readers read them after the name.
- With an error the control has \`aria-invalid="true"\`; the message starts with a hidden "Error:", has an icon and a
  thick left border, so it is never told by colour alone.
- The required asterisk is hidden from screen readers, which hear "(obligatorio)" instead.
- Label, hint and error wrap at 375 px; nothing is truncated.
`,
      },
    },
  },
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByText('Nombre'));
    const input = canvas.getByRole('textbox', { name: 'Nombre' });
    await expect(input).toHaveFocus();
    await userEvent.keyboard('María José');
    await expect(input).toHaveValue('María José');
    await expect(input).not.toHaveAttribute('aria-describedby');
    await expect(input).not.toBeInvalid();
  },
};

export const WithHint: Story = {
  args: {
    label: 'Cuota mensual de la hipoteca',
    hint: 'La cantidad que pagas al banco cada mes. La encontrarás en el recibo del préstamo.',
    children: <TextInput name="cuota" inputMode="decimal" endAddon="€" />,
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Cuota mensual de la hipoteca' });
    await expect(input).toHaveAccessibleDescription(
      'La cantidad que pagas al banco cada mes. La encontrarás en el recibo del préstamo.',
    );
  },
};

export const Required: Story = {
  args: {
    label: 'Correo electrónico',
    required: true,
    children: <TextInput name="email" type="email" autoComplete="email" />,
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Correo electrónico (obligatorio)' });
    await expect(input).toBeRequired();
  },
};

export const WithError: Story = {
  args: {
    label: 'Teléfono',
    hint: 'Te llamaremos a este número para explicarte el resultado.',
    error: 'Este campo es obligatorio',
    required: true,
    id: 'telefono',
    children: <TextInput name="telefono" type="tel" autoComplete="tel" />,
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Teléfono (obligatorio)' });
    await expect(input).toHaveAttribute('id', 'telefono');
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(
      'Te llamaremos a este número para explicarte el resultado. Error: Este campo es obligatorio',
    );
  },
};

function ValidatedOnContinue() {
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      aria-label="Datos de contacto"
      className="flex max-w-md flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const value = new FormData(event.currentTarget).get('apellidos');
        setError(
          typeof value === 'string' && value.trim() !== ''
            ? undefined
            : 'Este campo es obligatorio',
        );
      }}
    >
      <Field label="Apellidos" required error={error}>
        <TextInput name="apellidos" autoComplete="family-name" />
      </Field>
      <Button type="submit" className="self-start">
        Siguiente
      </Button>
    </form>
  );
}

export const ErrorAfterContinue: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'The error appears when the person tries to continue and goes away once the field is filled in.',
      },
    },
  },
  render: () => <ValidatedOnContinue />,
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Apellidos (obligatorio)' });
    await userEvent.click(canvas.getByRole('button', { name: 'Siguiente' }));
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('Error: Este campo es obligatorio');

    await userEvent.type(input, 'García Pérez');
    await userEvent.keyboard('{Enter}');
    await expect(input).not.toBeInvalid();
    await expect(input).not.toHaveAttribute('aria-describedby');
  },
};

export const Disabled: Story = {
  args: {
    label: 'Entidad bancaria',
    hint: 'La elegiste en el paso anterior.',
    disabled: true,
    children: <TextInput name="banco" defaultValue="Banco Santander" />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Entidad bancaria' })).toBeDisabled();
  },
};

export const LabelIsPageHeading: Story = {
  args: {
    label: '¿Cuánto pagas al mes por tu hipoteca?',
    hint: 'Escribe la cuota en euros, por ejemplo 650,50.',
    labelIsPageHeading: true,
    children: (
      <TextInput name="cuotaMensual" inputMode="decimal" endAddon="€" className="max-w-56" />
    ),
  },
  play: async ({ canvas, userEvent }) => {
    const heading = canvas.getByRole('heading', { level: 1 });
    await expect(heading).toHaveTextContent('¿Cuánto pagas al mes por tu hipoteca?');
    await userEvent.click(canvas.getByText('¿Cuánto pagas al mes por tu hipoteca?'));
    await expect(
      canvas.getByRole('textbox', { name: '¿Cuánto pagas al mes por tu hipoteca?' }),
    ).toHaveFocus();
  },
};

export const LongText: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    label: 'Ingresos netos mensuales de todos los miembros de la unidad familiar',
    hint: 'Suma las nóminas, pensiones, prestaciones por desempleo y cualquier otro ingreso regular de las personas que viven contigo.',
    error:
      'Introduce una cantidad en euros, por ejemplo 1.850,00. No incluyas pagas extraordinarias.',
    required: true,
    children: <TextInput name="ingresos" inputMode="decimal" endAddon="€" />,
  },
  play: async ({ canvas, canvasElement }) => {
    const input = canvas.getByRole('textbox', {
      name: 'Ingresos netos mensuales de todos los miembros de la unidad familiar (obligatorio)',
    });
    await expect(input).toBeInvalid();
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const RefundTheme: Story = {
  globals: { theme: 'refund' },
  args: WithError.args,
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveClass('theme-refund');
    await expect(canvas.getByRole('textbox', { name: 'Teléfono (obligatorio)' })).toBeInvalid();
  },
};
