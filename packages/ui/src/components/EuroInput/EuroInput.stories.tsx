import { SIMULATOR_MESSAGES } from '@cbp/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';

import { Field } from '../Field';
import { EuroInput } from './EuroInput';

const meta = {
  title: 'Formularios/EuroInput',
  component: EuroInput,
  args: { name: 'cuotaMensual', onValueChange: fn() },
  argTypes: {
    formatOnBlur: { control: 'boolean' },
    unitLabel: { control: 'text' },
  },
  render: (args) => (
    <Field
      label="Cuota mensual de la hipoteca"
      hint="La cantidad que pagas al banco cada mes. La encontrarás en el recibo del préstamo."
    >
      <EuroInput {...args} />
    </Field>
  ),
  parameters: {
    docs: {
      description: {
        component: `
An amount of money typed the Spanish way ("650,50", "1.234,56"), with "€" after the box. A \`NumberInput\` with
two decimals: the value is rounded to cents and, when the person leaves the box, shown as "1.234,56".

**Usage**
- Put it in a \`Field\` whose label says what the amount is ("Cuota mensual de la hipoteca"); the unit is already
  drawn and read, so the label need not repeat "en euros".
- \`onValueChange(value, text)\`: the amount in euros, \`NaN\` for text that is not an amount, \`null\` when empty.
  Validate it when the person tries to continue, with the spec's message.
- \`defaultValue={1234.56}\` shows "1.234,56". \`formatOnBlur={false}\` leaves the text exactly as typed.
- It is 240 px wide by default (\`className\` changes it): amounts are short, and the width hints at that.

**Accessibility criteria**
- Text box with \`inputMode="decimal"\` (keypad with the decimal comma on phones).
- The "€" sign is drawn after the box and hidden from screen readers, which read "en euros" as part of the
  description instead (\`unitLabel\`), after the hint and the error.
- 44 px high, 2 px border, visible focus around box and sign together.
`,
      },
    },
  },
} satisfies Meta<typeof EuroInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Cuota mensual de la hipoteca' });
    await expect(input).toHaveAccessibleDescription(
      'La cantidad que pagas al banco cada mes. La encontrarás en el recibo del préstamo. en euros',
    );
    await expect(canvas.getByText('€')).toBeVisible();

    await userEvent.tab();
    await userEvent.keyboard('650,5');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(650.5, '650,5');
    await userEvent.tab();
    await expect(input).toHaveValue('650,50');
  },
};

export const Filled: Story = {
  args: { defaultValue: 1234.56 },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Cuota mensual de la hipoteca' });
    await expect(input).toHaveValue('1.234,56');
    await userEvent.clear(input);
    // 1.234,565 € has half a cent: rounded away from zero to 1.234,57.
    await userEvent.type(input, '1234,565');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(1234.57, '1234,565');
    await userEvent.tab();
    await expect(input).toHaveValue('1.234,57');
  },
};

export const WithError: Story = {
  args: { defaultValue: '-20' },
  render: (args) => (
    <Field
      id="cuotaMensual"
      label="Cuota mensual de la hipoteca"
      error={SIMULATOR_MESSAGES.invalidInstalment}
      required
    >
      <EuroInput {...args} />
    </Field>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', {
      name: 'Cuota mensual de la hipoteca (obligatorio)',
    });
    await expect(input).toHaveAttribute('id', 'cuotaMensual');
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(
      'Error: La cuota mensual debe ser un número igual o mayor que 0 en euros',
    );
  },
};

export const LongText: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { defaultValue: 2350 },
  render: (args) => (
    <Field
      label="Ingresos netos mensuales de todos los miembros de la unidad familiar"
      hint="Suma las nóminas, pensiones y prestaciones de las personas que viven contigo."
    >
      <EuroInput {...args} />
    </Field>
  ),
  play: async ({ canvas, canvasElement }) => {
    const input = canvas.getByRole('textbox', {
      name: 'Ingresos netos mensuales de todos los miembros de la unidad familiar',
    });
    await expect(input).toHaveValue('2.350,00');
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
