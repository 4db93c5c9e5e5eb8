import { PHONE_MESSAGES } from '@cbp/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { withWidth } from '../../../storybook/decorators';
import { Field } from '../Field';
import { PhoneInput } from './PhoneInput';

const meta = {
  title: 'Formularios/PhoneInput',
  component: PhoneInput,
  args: { name: 'telefono' },
  decorators: [withWidth('max-w-md')],
  render: (args) => (
    <Field label="Teléfono" hint="Te llamaremos a este número para explicarte el resultado.">
      <PhoneInput {...args} />
    </Field>
  ),
  parameters: {
    docs: {
      description: {
        component: `
A box for a phone number: a \`TextInput\` with \`type="tel"\`, \`inputMode="tel"\` and \`autoComplete="tel"\`. Put it
inside a \`Field\`.

**Usage**
- People write numbers in many ways ("612 34 56 78", "+34 612345678"): accept them as typed and let the form's
  schema normalise them (core's \`phoneSchema\` keeps the 9 national digits). Do not use a mask.
- The spec's messages go in the Field's \`error\` ('Introduce tu teléfono', 'Introduce un teléfono español válido
  (9 dígitos)').
- Give it a width that hints at a phone number, e.g. \`className="max-w-60"\` (240 px).

**Accessibility criteria**
- Named by the Field's label, described by hint and error; phones show the number keypad.
- The browser can fill in the person's number (WCAG 1.3.5, identify input purpose).
`,
      },
    },
  },
} satisfies Meta<typeof PhoneInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Teléfono' });
    await expect(input).toHaveAttribute('type', 'tel');
    await expect(input).toHaveAttribute('inputmode', 'tel');
    await expect(input).toHaveAttribute('autocomplete', 'tel');
    await userEvent.tab();
    await userEvent.keyboard('+34 612 34 56 78');
    await expect(input).toHaveValue('+34 612 34 56 78');
  },
};

export const WithError: Story = {
  args: { defaultValue: '1234' },
  render: (args) => (
    <Field id="telefono" label="Teléfono" error={PHONE_MESSAGES.invalid} required>
      <PhoneInput {...args} className="max-w-60" />
    </Field>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Teléfono (obligatorio)' });
    await expect(input).toHaveAttribute('id', 'telefono');
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(
      'Error: Introduce un teléfono español válido (9 dígitos)',
    );
  },
};

export const Disabled: Story = {
  args: { defaultValue: '612 34 56 78', disabled: true },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Teléfono' });
    await expect(input).toBeDisabled();
    await userEvent.tab();
    await expect(input).not.toHaveFocus();
  },
};
