import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';

import { Button } from '../Button';
import { Alert, AlertDescription, AlertTitle } from './Alert';

const meta = {
  title: 'Componentes/Alert',
  component: Alert,
  args: { variant: 'info', layout: 'inline' },
  argTypes: {
    variant: { control: 'select', options: ['error', 'success', 'info', 'warning'] },
    layout: { control: 'inline-radio', options: ['inline', 'banner'] },
  },
  render: (args) => (
    <Alert {...args}>
      <AlertTitle>Documentación necesaria</AlertTitle>
      <AlertDescription>
        Ten a mano tu DNI, las tres últimas nóminas y el último recibo de la hipoteca.
      </AlertDescription>
    </Alert>
  ),
  parameters: {
    docs: {
      description: {
        component: `
A message about the page or about the result of the last action: an error that stops the person, a
confirmation, a piece of information, a warning. Built from \`Alert\`, \`AlertTitle\` and \`AlertDescription\`.
\`layout="banner"\` spans the full width, for messages about the whole service (e.g. a configuration error).

**Usage**
- \`error\` for what went wrong and how to fix it, in the spec's words ("No se pudo conectar con el servidor...",
  "Ha ocurrido un error"). \`success\` confirms an action ("Contraseña actualizada exitosamente"). \`info\` and
  \`warning\` for guidance.
- Render the alert when the message appears (after the action), with its final text: live regions announce
  changes, not content that was there from the start.
- For form validation with several fields use the error summary; an Alert is for one message.

**Accessibility criteria**
- \`error\` is \`role="alert"\` (read at once, interrupting); the others are \`role="status"\` (read when the screen
  reader is idle). Override \`role\` only for static content that must not be announced.
- The kind is never told by colour alone: each kind has its own icon, a thick border and a hidden prefix read
  first ("Error:", "Correcto:", "Información:", "Atención:"; change it with \`srPrefix\`).
- Text uses the \`foreground\` token on the kind's \`-subtle\` background (at least 4.5:1); icons use the \`-strong\` token.
- Text wraps at 375 px.
`,
      },
    },
  },
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ErrorMessage: Story = {
  args: { variant: 'error' },
  render: (args) => (
    <Alert {...args}>
      <AlertTitle>Ha ocurrido un error</AlertTitle>
      <AlertDescription>
        No hay conexión a internet. Por favor, verifica tu conexión y vuelve a intentarlo.
      </AlertDescription>
    </Alert>
  ),
  play: async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(
      'Error: Ha ocurrido un errorNo hay conexión a internet. Por favor, verifica tu conexión y vuelve a intentarlo.',
    );
    await expect(alert).toHaveAttribute('data-variant', 'error');
  },
};

export const Success: Story = {
  args: { variant: 'success' },
  render: (args) => (
    <Alert {...args}>
      <AlertTitle>Contraseña actualizada exitosamente</AlertTitle>
      <AlertDescription>En unos segundos te llevaremos a la página de acceso.</AlertDescription>
    </Alert>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Correcto: Contraseña actualizada exitosamente',
    );
  },
};

export const Info: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Información: Documentación necesaria',
    );
  },
};

export const Warning: Story = {
  args: { variant: 'warning' },
  render: (args) => (
    <Alert {...args}>
      <AlertDescription>
        Cada archivo debe ser PDF, JPG o PNG y pesar como máximo 5 MB.
      </AlertDescription>
    </Alert>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Atención: Cada archivo debe ser PDF, JPG o PNG y pesar como máximo 5 MB.',
    );
  },
};

export const Banner: Story = {
  args: { variant: 'error', layout: 'banner' },
  render: (args) => (
    <Alert {...args}>
      <AlertDescription>
        Error de configuración: Contacta al administrador del sistema
      </AlertDescription>
    </Alert>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveAttribute('data-layout', 'banner');
  },
};

function RetryAfterError() {
  const [failed, setFailed] = useState(false);
  return (
    <div className="flex flex-col items-start gap-4">
      {failed ? (
        <Alert variant="error">
          <AlertTitle>Error al iniciar sesión</AlertTitle>
          <AlertDescription>Credenciales incorrectas</AlertDescription>
        </Alert>
      ) : null}
      <Button
        onClick={() => {
          setFailed(true);
        }}
      >
        Iniciar sesión
      </Button>
    </div>
  );
}

export const AppearsAfterAction: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'The alert is rendered when the action fails, so screen readers announce it at once.',
      },
    },
  },
  render: () => <RetryAfterError />,
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Credenciales incorrectas');
    await expect(canvas.getByRole('button', { name: 'Iniciar sesión' })).toHaveFocus();
  },
};

export const LongText: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { variant: 'error' },
  render: (args) => (
    <Alert {...args}>
      <AlertTitle>No se pudo conectar con el servidor</AlertTitle>
      <AlertDescription>
        <p>Comprueba lo siguiente y vuelve a intentarlo:</p>
        <ul className="list-disc ps-5">
          <li>que el servidor esté en funcionamiento;</li>
          <li>que la dirección configurada sea correcta;</li>
          <li>que tu dispositivo tenga conexión a internet.</li>
        </ul>
      </AlertDescription>
    </Alert>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('list')).toBeVisible();
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const RefundTheme: Story = {
  globals: { theme: 'refund' },
  render: () => (
    <div className="flex flex-col gap-4">
      <Alert variant="success">
        <AlertTitle>Solicitud enviada</AlertTitle>
        <AlertDescription>Revisaremos tus gastos de hipoteca y te escribiremos.</AlertDescription>
      </Alert>
      <Alert variant="warning">
        <AlertDescription>
          Puede que tu banco te deba 3000 euros en gastos de hipoteca.
        </AlertDescription>
      </Alert>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('status')).toHaveLength(2);
  },
};
