import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { withWidth } from '../../../storybook/decorators';
import { Button } from '../Button';
import { Field } from '../Field';
import { PasswordInput } from './PasswordInput';

const meta = {
  title: 'Formularios/PasswordInput',
  component: PasswordInput,
  args: { name: 'password' },
  argTypes: {
    showLabel: { control: 'text' },
    hideLabel: { control: 'text' },
  },
  decorators: [withWidth('max-w-md')],
  render: (args) => (
    <Field label="Contraseña">
      <PasswordInput {...args} />
    </Field>
  ),
  parameters: {
    docs: {
      description: {
        component: `
A password box with a "Mostrar contraseña" button that shows what was typed, for people who make typing
mistakes or cannot see the dots well (GOV.UK password input). Put it inside a \`Field\`.

**Usage**
- \`autoComplete\` is \`"current-password"\` by default (sign-in); use \`"new-password"\` when choosing one, so
  password managers offer to generate and save it.
- The button's texts ("Mostrar contraseña" / "Ocultar contraseña") and the announcements ("La contraseña se
  muestra." / "La contraseña está oculta.") can be changed with \`showLabel\`, \`hideLabel\`, \`shownMessage\`
  and \`hiddenMessage\`.
- The password is hidden again when its form is submitted.
- \`className\` styles the group (box and button).

**Accessibility criteria**
- Name, hint and error from the Field; the button controls the box (\`aria-controls\`).
- The button's name says what it will do and changes with the state; the change is also announced through a
  polite status region, since a new name on the focused button is not read reliably.
- Showing or hiding keeps the value and the caret; clicked while typing, the focus stays in the box.
- At 375 px the button goes under the box so the box keeps its width; both are 44 px high.
`,
      },
    },
  },
} satisfies Meta<typeof PasswordInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ShowAndHide: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Contraseña');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveAttribute('autocomplete', 'current-password');

    await userEvent.tab();
    await userEvent.keyboard('Hipoteca2024');
    await userEvent.tab();
    const toggle = canvas.getByRole('button', { name: 'Mostrar contraseña' });
    await expect(toggle).toHaveFocus();
    await expect(toggle).toHaveAttribute('aria-controls', input.id);

    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('Hipoteca2024');
    await expect(toggle).toHaveAccessibleName('Ocultar contraseña');
    await expect(toggle).toHaveFocus();
    await expect(canvas.getByRole('status')).toHaveTextContent('La contraseña se muestra.');

    await userEvent.keyboard(' ');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(toggle).toHaveAccessibleName('Mostrar contraseña');
    await expect(canvas.getByRole('status')).toHaveTextContent('La contraseña está oculta.');
  },
};

export const KeepsCaret: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'Someone typing clicks the button: the focus and the caret stay where they were, and typing goes on in the same place.',
      },
    },
  },
  args: { defaultValue: 'abcdef' },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText<HTMLInputElement>('Contraseña');
    await userEvent.click(input);
    await userEvent.keyboard('{End}{ArrowLeft}{ArrowLeft}');
    await expect(input.selectionStart).toBe(4);

    await userEvent.click(canvas.getByRole('button', { name: 'Mostrar contraseña' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveFocus();
    await expect(input.selectionStart).toBe(4);

    await userEvent.keyboard('X');
    await expect(input).toHaveValue('abcdXef');
  },
};

function SignInForm() {
  return (
    <form
      aria-label="Acceso clientes"
      className="flex flex-col items-start gap-4"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <Field label="Contraseña" className="w-full">
        <PasswordInput name="password" defaultValue="Hipoteca2024" />
      </Field>
      <Button type="submit">Iniciar sesión</Button>
    </form>
  );
}

export const HiddenOnSubmit: Story = {
  parameters: {
    docs: {
      description: {
        story: 'A shown password is hidden again when the form is sent.',
      },
    },
  },
  render: () => <SignInForm />,
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Contraseña');
    await userEvent.click(canvas.getByRole('button', { name: 'Mostrar contraseña' }));
    await expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(canvas.getByRole('button', { name: 'Iniciar sesión' }));
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveValue('Hipoteca2024');
  },
};

export const NewPasswordWithError: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: () => (
    <div className="flex flex-col gap-6">
      <Field label="Nueva contraseña" hint="Usa al menos 8 caracteres." required>
        <PasswordInput name="password" autoComplete="new-password" defaultValue="Hipoteca2024" />
      </Field>
      <Field label="Repite la contraseña" error="Las contraseñas no coinciden" required>
        <PasswordInput name="confirmation" autoComplete="new-password" defaultValue="Hipoteca" />
      </Field>
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const confirmation = canvas.getByLabelText('Repite la contraseña', { exact: false });
    await expect(confirmation).toBeInvalid();
    await expect(confirmation).toHaveAccessibleDescription('Error: Las contraseñas no coinciden');
    await expect(confirmation).toHaveAttribute('autocomplete', 'new-password');
    await expect(canvas.getAllByRole('button', { name: 'Mostrar contraseña' })).toHaveLength(2);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
