import type { Meta, StoryObj } from '@storybook/react-vite';
import ArrowRightDrawing from 'lucide/dist/esm/icons/arrow-right.mjs';
import PhoneDrawing from 'lucide/dist/esm/icons/phone.mjs';
import XDrawing from 'lucide/dist/esm/icons/x.mjs';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';

import { Field } from '../Field';
import { TextInput } from '../TextInput';
import { Button, type ButtonProps } from './Button';
import { icon } from '../../lib/icon';

const ArrowRight = icon(ArrowRightDrawing);
const Phone = icon(PhoneDrawing);
const X = icon(XDrawing);

const meta = {
  title: 'Componentes/Button',
  component: Button,
  args: { children: 'Comenzar simulador', onClick: fn() },
  argTypes: {
    variant: {
      control: 'select',
      options: ['primary', 'secondary', 'outline', 'ghost', 'destructive', 'link'],
    },
    size: { control: 'select', options: ['sm', 'md', 'lg', 'icon'] },
    busy: { control: 'boolean' },
  },
  parameters: {
    docs: {
      description: {
        component: `
Starts an action: submitting a form, opening the simulator, retrying. For going to another page
use a link (\`asChild\` with the router's link, or \`TextLink\`), styled as a button if it is a call to action.

**Usage**
- One \`primary\` button per screen, for the main action ("Siguiente", "Ver resultado"). \`secondary\` and
  \`outline\` for the alternatives ("Atrás"), \`destructive\` only for actions that delete or cancel something, \`link\`
  for low-emphasis actions inside text.
- Labels are verbs in Spanish that say what happens: "Iniciar sesión", not "Aceptar".
- \`type\` defaults to \`"button"\`: write \`type="submit"\` on a form's submit button.
- For slow actions pass \`busy\` from the first render (\`busy={isSubmitting}\`) and a \`busyLabel\` such as
  "Iniciando sesión...". The button keeps its width, shows a spinner and the busy label, and ignores
  clicks and form submission until \`busy\` is false again.
- \`asChild\` renders your single child element (\`<a>\`, a router link) with the button styles.
- \`buttonVariants({ variant, size })\` gives the classes alone.

**Accessibility criteria**
- Native \`<button>\`: reachable with Tab, activated with Enter and Space; links rendered with \`asChild\` keep
  link semantics (Enter only).
- Visible focus: 3 px outline in the \`ring\` token, offset from the button, also in forced-colours mode
  (the transparent border becomes visible there).
- Target at least 44 × 44 px in sizes \`md\`, \`lg\` and \`icon\`; \`sm\` (36 px) only in dense tables.
- Icon-only buttons need \`aria-label\` ("Cerrar"); icons are hidden from screen readers.
- Busy: \`aria-busy="true"\` and \`aria-disabled="true"\` while busy, focus stays on the button, and the busy label
  is announced politely through a status region next to the button (a name change alone is not announced).
- Disabled buttons cannot be focused, so never rely on a disabled button to explain why; prefer enabling the
  button and showing an error.
- Labels wrap instead of overflowing: long Spanish labels stay readable at 375 px.
`,
      },
    },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Comenzar simulador' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

export const Variants: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-4">
      <Button {...args} variant="primary">
        Siguiente
      </Button>
      <Button {...args} variant="secondary">
        Atrás
      </Button>
      <Button {...args} variant="outline">
        Ver documentación
      </Button>
      <Button {...args} variant="ghost">
        Cancelar
      </Button>
      <Button {...args} variant="destructive">
        Eliminar documento
      </Button>
      <Button {...args} variant="link">
        Más información
      </Button>
    </div>
  ),
  play: async ({ canvas }) => {
    for (const name of ['Siguiente', 'Atrás', 'Eliminar documento', 'Más información']) {
      await expect(canvas.getByRole('button', { name })).toBeEnabled();
    }
    await expect(canvas.getByRole('button', { name: 'Eliminar documento' })).toHaveAttribute(
      'data-variant',
      'destructive',
    );
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-4">
      <Button {...args} size="sm">
        Pequeño
      </Button>
      <Button {...args} size="md">
        Mediano
      </Button>
      <Button {...args} size="lg">
        Grande
      </Button>
      <Button {...args} size="icon" variant="outline" aria-label="Cerrar">
        <X />
      </Button>
    </div>
  ),
  play: async ({ canvas }) => {
    const icon = canvas.getByRole('button', { name: 'Cerrar' });
    const { width, height } = icon.getBoundingClientRect();
    await expect(width).toBeGreaterThanOrEqual(44);
    await expect(height).toBeGreaterThanOrEqual(44);
    await expect(
      canvas.getByRole('button', { name: 'Mediano' }).getBoundingClientRect().height,
    ).toBeGreaterThanOrEqual(44);
  },
};

export const WithIcon: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-4">
      <Button {...args} variant="outline">
        <Phone />
        Llámanos
      </Button>
      <Button {...args}>
        Empieza ahora
        <ArrowRight />
      </Button>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Llámanos' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Empieza ahora' })).toBeVisible();
  },
};

export const Disabled: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-4">
      <Button {...args} disabled>
        Ver resultado
      </Button>
      <Button {...args} variant="outline">
        Atrás
      </Button>
    </div>
  ),
  play: async ({ args, canvas, userEvent }) => {
    const disabled = canvas.getByRole('button', { name: 'Ver resultado' });
    await expect(disabled).toBeDisabled();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Atrás' })).toHaveFocus();
    await userEvent.click(disabled);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

function SignInButton({ onClick }: Pick<ButtonProps, 'onClick'>) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      busy={busy}
      busyLabel="Iniciando sesión..."
      onClick={(event) => {
        onClick?.(event);
        setBusy(true);
      }}
    >
      Iniciar sesión
    </Button>
  );
}

export const Busy: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'Press the button: it turns busy, keeps its width and focus, announces "Iniciando sesión..." and ignores further presses.',
      },
    },
  },
  render: (args) => <SignInButton onClick={args.onClick} />,
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Iniciar sesión' });
    const status = canvas.getByRole('status');
    await expect(status).toBeEmptyDOMElement();
    const widthBefore = button.getBoundingClientRect().width;

    await userEvent.tab();
    await userEvent.keyboard('{Enter}');

    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAccessibleName('Iniciando sesión...');
    await expect(status).toHaveTextContent('Iniciando sesión...');
    await expect(button).toHaveFocus();
    await expect(button.getBoundingClientRect().width).toBe(widthBefore);

    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const BusyInForm: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'A busy submit button does not submit its form again, whether clicked or by Enter in a field.',
      },
    },
  },
  render: () => (
    <form
      aria-label="Acceso clientes"
      className="flex flex-col items-start gap-4"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <Field label="Correo electrónico">
        <TextInput name="email" type="email" defaultValue="maria@example.com" />
      </Field>
      <Button type="submit" busy busyLabel="Iniciando sesión...">
        Iniciar sesión
      </Button>
    </form>
  ),
  play: async ({ canvas, userEvent }) => {
    const submitted = fn();
    canvas.getByRole('form', { name: 'Acceso clientes' }).addEventListener('submit', submitted);
    await userEvent.click(canvas.getByRole('button', { name: 'Iniciando sesión...' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Correo electrónico' }), '{Enter}');
    await expect(submitted).not.toHaveBeenCalled();
  },
};

export const AsLink: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'With `asChild` the child element is rendered with the button styles; with a router use its link component instead of `<a>`.',
      },
    },
  },
  render: (args) => (
    <Button asChild size={args.size} variant={args.variant}>
      <a href="#simulador">Comenzar simulador</a>
    </Button>
  ),
  play: async ({ canvas, userEvent }) => {
    const link = canvas.getByRole('link', { name: 'Comenzar simulador' });
    await expect(link).toHaveAttribute('data-slot', 'button');
    await expect(link).not.toHaveAttribute('type');
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};

export const LongText: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: (args) => (
    <div className="flex flex-col gap-4">
      <Button {...args}>Solicitar la reestructuración de mi deuda hipotecaria con el banco</Button>
      <Button {...args} variant="outline" className="w-full">
        Descargar el certificado de titularidad y la nota simple actualizada
      </Button>
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const button = canvas.getByRole('button', {
      name: 'Solicitar la reestructuración de mi deuda hipotecaria con el banco',
    });
    await expect(button.scrollWidth).toBeLessThanOrEqual(button.clientWidth);
    await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(
      canvasElement.getBoundingClientRect().right,
    );
  },
};

export const RefundTheme: Story = {
  globals: { theme: 'refund' },
  render: Variants.render,
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveClass('theme-refund');
    await expect(canvas.getByRole('button', { name: 'Siguiente' })).toBeVisible();
  },
};
