import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';

import { withWidth } from '../../../storybook/decorators';
import { Field } from '../Field';
import { NumberInput } from './NumberInput';

const meta = {
  title: 'Formularios/NumberInput',
  component: NumberInput,
  args: { name: 'importe', onValueChange: fn() },
  argTypes: {
    formatOnBlur: { control: 'boolean' },
    fractionDigits: { control: { type: 'number', min: 0, max: 6 } },
    unitLabel: { control: 'text' },
    endAddon: { control: 'text' },
  },
  decorators: [withWidth('max-w-md')],
  render: (args) => (
    <Field
      label="Importe del préstamo"
      hint="Escríbelo como prefieras: 1.234,56, 1234,56 o 1234.56."
    >
      <NumberInput {...args} />
    </Field>
  ),
  parameters: {
    docs: {
      description: {
        component: `
A box for a number typed the Spanish way: "1.234,56", "1234,56", "1 234,5" or "1234.56" copied from a bank
statement all read as the same number (core's \`parseSpanishNumber\`; "1.234" is one thousand two hundred and
thirty-four). The base of \`EuroInput\` and \`PercentInput\`. Put it inside a \`Field\`.

**Usage**
- The text stays exactly as typed; \`onValueChange(value, text)\` gives the number on every change: a number,
  \`NaN\` when the text is not a number ("12abc", "1,2,3"), \`null\` when the box is empty. Keep the text in the
  form's state (pass it back as \`value\` if the input is controlled) and validate the number when the person tries
  to continue, with the spec's message in the Field's \`error\`.
- \`fractionDigits\` rounds the value (half away from zero) to that many decimals, and \`formatOnBlur\` rewrites a
  valid number on leaving the box ("1234,5" → "1.234,50"), so what the person sees is what is used.
- \`defaultValue\` may be a number; it is shown the Spanish way.
- \`endAddon\` draws a unit after the box; \`unitLabel\` gives screen readers its words ("en años").

**Accessibility criteria**
- A text box (\`type="text"\`) with \`inputMode="decimal"\`: phones show a keypad with the decimal comma, and
  nothing changes what was typed (a browser number box refuses commas and reacts to the mouse wheel).
- Name from the Field's label; hint, error and \`unitLabel\` are read as its description.
- Invalid state (\`aria-invalid\`) comes from the Field's error, shown in words, not only by the red border.
`,
      },
    },
  },
} satisfies Meta<typeof NumberInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SpanishTyping: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Importe del préstamo' });
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveAttribute('inputmode', 'decimal');

    await userEvent.tab();
    await userEvent.keyboard('1.234,56');
    await expect(input).toHaveValue('1.234,56');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(1234.56, '1.234,56');

    await userEvent.clear(input);
    await userEvent.type(input, '1234.56');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(1234.56, '1234.56');

    await userEvent.clear(input);
    await userEvent.type(input, '1.234');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(1234, '1.234');
  },
};

export const NotANumber: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'What is not a number is kept as typed and reported as `NaN`; an empty box as `null`.',
      },
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Importe del préstamo' });
    await userEvent.type(input, '12abc');
    await expect(input).toHaveValue('12abc');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(Number.NaN, '12abc');

    await userEvent.clear(input);
    await expect(args.onValueChange).toHaveBeenLastCalledWith(null, '');

    await userEvent.type(input, '1,2,3');
    await userEvent.tab();
    await expect(input).toHaveValue('1,2,3');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(Number.NaN, '1,2,3');
  },
};

export const FormatOnBlur: Story = {
  args: { formatOnBlur: true, fractionDigits: 2 },
  parameters: {
    docs: {
      description: {
        story:
          'With `formatOnBlur` and `fractionDigits={2}` a valid number is rewritten the Spanish way when the person leaves the box.',
      },
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Importe del préstamo' });
    await userEvent.type(input, '1234,5');
    await expect(input).toHaveValue('1234,5');
    await userEvent.tab();
    await expect(input).toHaveValue('1.234,50');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(1234.5, '1.234,50');
  },
};

export const WithError: Story = {
  args: { defaultValue: '12,3,4' },
  render: (args) => (
    <Field
      label="Número de miembros de la unidad familiar"
      error="Introduce un número, por ejemplo 3"
      required
    >
      <NumberInput {...args} fractionDigits={0} inputMode="numeric" className="max-w-32" />
    </Field>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', {
      name: 'Número de miembros de la unidad familiar (obligatorio)',
    });
    await expect(input).toBeInvalid();
    await expect(input).toHaveValue('12,3,4');
    await expect(input).toHaveAccessibleDescription('Error: Introduce un número, por ejemplo 3');
  },
};

export const WithUnit: Story = {
  args: { defaultValue: 25, endAddon: 'años', unitLabel: 'en años' },
  render: (args) => (
    <Field label="Plazo restante de la hipoteca">
      <NumberInput {...args} fractionDigits={0} inputMode="numeric" className="max-w-48" />
    </Field>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Plazo restante de la hipoteca' });
    await expect(input).toHaveValue('25');
    await expect(input).toHaveAccessibleDescription('en años');
  },
};
