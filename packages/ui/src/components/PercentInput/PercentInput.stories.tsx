import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';

import { Field } from '../Field';
import { PercentInput } from './PercentInput';

const meta = {
  title: 'Formularios/PercentInput',
  component: PercentInput,
  args: { name: 'tipoInteres', onValueChange: fn() },
  argTypes: {
    formatOnBlur: { control: 'boolean' },
    unitLabel: { control: 'text' },
  },
  render: (args) => (
    <Field
      label="Tipo de interés de la hipoteca"
      hint="Lo encontrarás en la escritura o en el último recibo, por ejemplo 3,25."
    >
      <PercentInput {...args} />
    </Field>
  ),
  parameters: {
    docs: {
      description: {
        component: `
A percentage typed the Spanish way ("3,25"), with "%" after the box. The value is the percentage itself (3,25 %
is \`3.25\`, not \`0.0325\`) in steps of 0,01: it is rounded to two decimals and, when the person leaves the box,
shown with two ("2,50").

**Usage**
- For interest rates and shares. Put it in a \`Field\`; the unit is drawn and read, the label need not repeat it.
- \`onValueChange(value, text)\`: the percentage, \`NaN\` for text that is not a number, \`null\` when empty.
- \`fractionDigits\` changes the step (\`3\` for 0,001); \`formatOnBlur={false}\` leaves the text as typed.

**Accessibility criteria**
- Text box with \`inputMode="decimal"\`. The "%" sign is hidden from screen readers, which read "en porcentaje"
  as part of the description (\`unitLabel\`).
- 44 px high, 2 px border, visible focus around box and sign together.
`,
      },
    },
  },
} satisfies Meta<typeof PercentInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Tipo de interés de la hipoteca' });
    await expect(input).toHaveAccessibleDescription(
      'Lo encontrarás en la escritura o en el último recibo, por ejemplo 3,25. en porcentaje',
    );
    await userEvent.tab();
    // Steps of 0,01: 3,256 % is rounded half away from zero to 3,26 %.
    await userEvent.keyboard('3,256');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(3.26, '3,256');
    await userEvent.tab();
    await expect(input).toHaveValue('3,26');
  },
};

export const Filled: Story = {
  args: { defaultValue: 2.5 },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Tipo de interés de la hipoteca' });
    await expect(input).toHaveValue('2,50');
    await userEvent.clear(input);
    await userEvent.type(input, '0,125');
    // 0,125 rounds up to 0,13: the half goes away from zero.
    await expect(args.onValueChange).toHaveBeenLastCalledWith(0.13, '0,125');
  },
};

export const WithError: Story = {
  args: { defaultValue: '3,2,5' },
  render: (args) => (
    <Field
      label="Tipo de interés de la hipoteca"
      error="Introduce el tipo de interés con coma decimal, por ejemplo 3,25"
    >
      <PercentInput {...args} />
    </Field>
  ),
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Tipo de interés de la hipoteca' });
    await expect(input).toBeInvalid();
    await userEvent.click(input);
    await userEvent.tab();
    await expect(input).toHaveValue('3,2,5');
  },
};
