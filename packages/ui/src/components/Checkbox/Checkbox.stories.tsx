import { PRIVACY_POLICY_MESSAGE } from '@cbp/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';

import { TextLink } from '../TextLink';
import { Checkbox } from './Checkbox';

const privacyLabel = (
  <>
    He leído y acepto la{' '}
    <TextLink href="/politica-privacidad" newTab>
      política de privacidad
    </TextLink>
  </>
);

const meta = {
  title: 'Formularios/Checkbox',
  component: Checkbox,
  args: {
    name: 'mayorSesenta',
    label: 'Es el deudor mayor de 60 años',
    onCheckedChange: fn(),
  },
  argTypes: {
    label: { control: 'text' },
    hint: { control: 'text' },
    error: { control: 'text' },
    disabled: { control: 'boolean' },
    required: { control: 'boolean' },
  },
  parameters: {
    docs: {
      description: {
        component: `
A box to tick for a yes-or-no statement ("Es el deudor mayor de 60 años") or a consent ("He leído y acepto la
política de privacidad"), with its label beside it (the browser’s own checkbox, drawn by the kit).

**Usage**
- \`label\` states what ticking means, in the first person for consents. It may contain links: use
  \`<TextLink href="/politica-privacidad" newTab>\`, which opens a new tab and says so. Following the link does
  not tick the box.
- \`hint\` and \`error\` work as in a \`Field\` (GOV.UK order: error above the box). \`id\` is the box's own: give one
  to link to it from an error summary.
- \`checked\`/\`onCheckedChange\` for a controlled form; \`name\` (and \`value\`) to send it with a native form.
- For a question with two answers that moves the form on, use \`YesNoQuestion\`.

**Accessibility criteria**
- A native \`<input type="checkbox">\`: its role and checked state come from the browser, and it can be ticked
  before the page's scripts start. Named by its label, described by hint then error; \`aria-invalid\` and
  \`aria-required\` with an error or \`required\`.
- Space ticks and unticks; Enter does not tick it. Clicking the label toggles it too.
- Ticked shows a check mark on a solid box, not only a colour change; the box is 24 px and the label
  widens the target.
- A link in the label is a separate Tab stop after the box and announces "(se abre en una pestaña nueva)".
`,
      },
    },
  },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const checkbox = canvas.getByRole('checkbox', { name: 'Es el deudor mayor de 60 años' });
    await expect(checkbox).not.toBeChecked();

    await userEvent.tab();
    await expect(checkbox).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(checkbox).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);

    await userEvent.keyboard('{Enter}');
    await expect(checkbox).toBeChecked();

    await userEvent.keyboard(' ');
    await expect(checkbox).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(false);

    await userEvent.click(canvas.getByText('Es el deudor mayor de 60 años'));
    await expect(checkbox).toBeChecked();
  },
};

export const PrivacyPolicy: Story = {
  args: { name: 'politicaPrivacidad', label: privacyLabel, required: true },
  parameters: {
    docs: {
      description: {
        story:
          'The simulator’s consent: the label links to the privacy policy in a new tab. Following the link leaves the box as it was.',
      },
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    const checkbox = canvas.getByRole('checkbox', {
      name: 'He leído y acepto la política de privacidad (se abre en una pestaña nueva) (obligatorio)',
    });
    await expect(checkbox).toHaveAttribute('aria-required', 'true');
    const link = canvas.getByRole('link', {
      name: 'política de privacidad (se abre en una pestaña nueva)',
    });
    await expect(link).toHaveAttribute('href', '/politica-privacidad');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    await userEvent.tab();
    await expect(checkbox).toHaveFocus();
    await userEvent.tab();
    await expect(link).toHaveFocus();

    // Only the box's state matters here, not opening a tab from the test.
    link.addEventListener('click', (event) => {
      event.preventDefault();
    });
    await userEvent.click(link);
    await expect(checkbox).not.toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();

    await userEvent.click(canvas.getByText('He leído y acepto la', { exact: false }));
    await expect(checkbox).toBeChecked();
  },
};

export const WithError: Story = {
  args: {
    id: 'politicaPrivacidad',
    name: 'politicaPrivacidad',
    label: privacyLabel,
    required: true,
    error: PRIVACY_POLICY_MESSAGE,
  },
  play: async ({ canvas }) => {
    const checkbox = canvas.getByRole('checkbox', { name: /^He leído y acepto/ });
    await expect(checkbox).toHaveAttribute('id', 'politicaPrivacidad');
    await expect(checkbox).toBeInvalid();
    await expect(checkbox).toHaveAccessibleDescription(
      'Error: Debes aceptar la política de privacidad para continuar',
    );
  },
};

export const WithHintOnMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    name: 'grupoVulnerable',
    label: 'La familia pertenece a un grupo vulnerable',
    hint: 'Familia numerosa, familia monoparental, familia con menores a cargo o víctimas de violencia de género.',
    defaultChecked: true,
  },
  play: async ({ canvas, canvasElement }) => {
    const checkbox = canvas.getByRole('checkbox', {
      name: 'La familia pertenece a un grupo vulnerable',
    });
    await expect(checkbox).toBeChecked();
    await expect(checkbox).toHaveAccessibleDescription(
      'Familia numerosa, familia monoparental, familia con menores a cargo o víctimas de violencia de género.',
    );
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultChecked: true },
  play: async ({ args, canvas, userEvent }) => {
    const checkbox = canvas.getByRole('checkbox', { name: 'Es el deudor mayor de 60 años' });
    await expect(checkbox).toBeDisabled();
    await userEvent.click(canvas.getByText('Es el deudor mayor de 60 años'));
    await expect(checkbox).toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};
