import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { withWidth } from '../../../storybook/decorators';
import { Field } from '../Field';
import { TextArea } from './TextArea';
import { TextInput } from './TextInput';

const meta = {
  title: 'Formularios/TextInput',
  component: TextInput,
  args: { name: 'nombre', autoComplete: 'given-name' },
  argTypes: {
    startAddon: { control: 'text' },
    endAddon: { control: 'text' },
  },
  decorators: [withWidth('max-w-md')],
  render: (args) => (
    <Field label="Nombre">
      <TextInput {...args} />
    </Field>
  ),
  parameters: {
    docs: {
      description: {
        component: `
A single-line text box, the base of the e-mail, phone, number, euro and percent inputs. Put it inside a
\`Field\`, which gives it its label, hint, error and state.

**Usage**
- Set \`type\`, \`autoComplete\` and \`inputMode\` for what is asked (\`type="email"\`, \`autoComplete="tel"\`,
  \`inputMode="decimal"\` for amounts), so phones show the right keyboard and browsers can fill it in.
- \`startAddon\` / \`endAddon\` show a unit next to the value ("€", "%"). They are hidden from screen readers:
  say the unit in the label or hint ("Cuota mensual, en euros").
- \`className\` styles the outermost element (the group when there are addons): use it for the width, e.g.
  \`className="max-w-56"\` for an amount. Widths should hint at the expected length.
- Do not use \`placeholder\` to explain the field; it disappears while typing. Use the field's hint.

**Accessibility criteria**
- 2 px border in the \`input\` token (at least 3:1 against the page) and 44 px minimum height.
- Visible focus: 3 px outline in the \`ring\` token.
- Invalid (\`aria-invalid\`, set by the Field) turns the border to the \`danger\` token; the Field adds the message.
- Disabled and read-only inputs get the muted background so they do not look editable.
`,
      },
    },
  },
} satisfies Meta<typeof TextInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Nombre' });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('Íñigo');
    await expect(input).toHaveValue('Íñigo');
  },
};

export const Filled: Story = {
  args: { defaultValue: 'María del Carmen' },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Nombre' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Lucía');
    await expect(input).toHaveValue('Lucía');
  },
};

export const WithUnit: Story = {
  render: (args) => (
    <div className="flex flex-col gap-6">
      <Field label="Cuota mensual de la hipoteca, en euros">
        <TextInput {...args} name="cuota" inputMode="decimal" endAddon="€" defaultValue="650,50" />
      </Field>
      <Field label="Tipo de interés, en porcentaje">
        <TextInput {...args} name="interes" inputMode="decimal" endAddon="%" defaultValue="3,25" />
      </Field>
      <Field label="Importe en euros">
        <TextInput {...args} name="importe" inputMode="decimal" startAddon="€" />
      </Field>
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    const cuota = canvas.getByRole('textbox', { name: 'Cuota mensual de la hipoteca, en euros' });
    await expect(cuota).toHaveValue('650,50');
    await userEvent.tab();
    await expect(cuota).toHaveFocus();
    await userEvent.tab();
    await expect(
      canvas.getByRole('textbox', { name: 'Tipo de interés, en porcentaje' }),
    ).toHaveFocus();
  },
};

export const Invalid: Story = {
  render: (args) => (
    <Field
      label="Correo electrónico"
      error="Introduce un correo electrónico válido, por ejemplo nombre@dominio.es"
    >
      <TextInput {...args} name="email" type="email" autoComplete="email" defaultValue="maria@" />
    </Field>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Correo electrónico' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'María' },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Nombre' });
    await expect(input).toBeDisabled();
    await userEvent.tab();
    await expect(input).not.toHaveFocus();
  },
};

export const ReadOnly: Story = {
  args: { readOnly: true, defaultValue: 'Código de Buenas Prácticas' },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Nombre' });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('x');
    await expect(input).toHaveValue('Código de Buenas Prácticas');
  },
};

export const LongText: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: (args) => (
    <Field label="Dirección completa del inmueble hipotecado">
      <TextInput
        {...args}
        name="direccion"
        autoComplete="street-address"
        defaultValue="Calle de la Virgen de los Peligros, 14, escalera izquierda, 3.º B, 28013 Madrid"
      />
    </Field>
  ),
  play: async ({ canvas, canvasElement }) => {
    const input = canvas.getByRole('textbox', {
      name: 'Dirección completa del inmueble hipotecado',
    });
    await expect(input.getBoundingClientRect().right).toBeLessThanOrEqual(
      canvasElement.getBoundingClientRect().right,
    );
  },
};

/** Several lines: a note or a reason. */
export const MultiLine: Story = {
  render: () => (
    <Field
      label="Nota del cambio"
      hint="Se guarda en el historial del caso."
      error="Escribe una nota"
    >
      <TextArea name="nota" />
    </Field>
  ),
  play: async ({ canvas, userEvent }) => {
    const area = canvas.getByRole('textbox', { name: 'Nota del cambio' });
    await expect(area).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(area, 'Primera línea{enter}Segunda línea');
    await expect(area).toHaveValue('Primera línea\nSegunda línea');
  },
};
