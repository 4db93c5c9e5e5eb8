import { EMAIL_MESSAGES } from '@cbp/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { withWidth } from '../../../storybook/decorators';
import { Field } from '../Field';
import { EmailInput } from './EmailInput';

const meta = {
  title: 'Formularios/EmailInput',
  component: EmailInput,
  args: { name: 'email' },
  decorators: [withWidth('max-w-md')],
  render: (args) => (
    <Field label="Correo electrónico" hint="Te enviaremos aquí el resultado y el acceso a tu área.">
      <EmailInput {...args} />
    </Field>
  ),
  parameters: {
    docs: {
      description: {
        component: `
A box for an e-mail address: a \`TextInput\` with \`type="email"\`, \`autoComplete="email"\` and no autocorrection,
spell checking or automatic capital letters, which would change the address. Put it inside a \`Field\`.

**Usage**
- For the simulator's contact step, sign-in and password recovery. Validate the address with the form's schema
  when the person tries to continue, and show the message in the Field's \`error\`.
- \`autoComplete\` can be changed (\`"username"\` on a sign-in form that uses the e-mail as user name).

**Accessibility criteria**
- Named by the Field's label, described by hint and error; phones show the keyboard with "@".
- The browser can fill in the person's address (WCAG 1.3.5, identify input purpose).
`,
      },
    },
  },
} satisfies Meta<typeof EmailInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Correo electrónico' });
    await expect(input).toHaveAttribute('type', 'email');
    await expect(input).toHaveAttribute('autocomplete', 'email');
    await expect(input).toHaveAttribute('autocapitalize', 'none');
    await expect(input).toHaveAttribute('spellcheck', 'false');
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('maria.garcia@ejemplo.es');
    await expect(input).toHaveValue('maria.garcia@ejemplo.es');
  },
};

export const WithError: Story = {
  args: { defaultValue: 'maria.garcia@' },
  render: (args) => (
    <Field id="email" label="Correo electrónico" error={EMAIL_MESSAGES.invalid} required>
      <EmailInput {...args} />
    </Field>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Correo electrónico (obligatorio)' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(
      'Error: Introduce un correo electrónico válido',
    );
  },
};

export const LongTextOnMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { defaultValue: 'maria.del.carmen.fernandez-villaverde@asesoria-hipotecaria.es' },
  play: async ({ canvas, canvasElement }) => {
    const input = canvas.getByRole('textbox', { name: 'Correo electrónico' });
    await expect(input.getBoundingClientRect().right).toBeLessThanOrEqual(
      canvasElement.getBoundingClientRect().right,
    );
  },
};
