import { HttpError, type LoginRequest, loginRequestSchema } from '@cbp/core';
import { Button, EmailInput, Field, PasswordInput } from '@cbp/ui';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';

import { type SubmitHelpers, useZodForm } from './use-zod-form';

type Send = (data: LoginRequest, helpers: SubmitHelpers) => Promise<void>;

type LoadSchema = () => Promise<typeof loginRequestSchema>;

function LoginForm({ send, loadSchema }: { send: Send; loadSchema?: LoadSchema }) {
  const form = useZodForm({
    ...(loadSchema === undefined ? { schema: loginRequestSchema } : { loadSchema }),
    initial: { email: '', password: '' },
    submit: send,
    failureMessage: () => 'No hemos podido conectar',
  });
  return (
    <>
      {form.summary}
      {form.failure}
      <form noValidate onSubmit={form.onSubmit}>
        <Field id="email" label="Correo electrónico" required error={form.errors.email}>
          <EmailInput {...form.bind('email')} />
        </Field>
        <Field id="password" label="Contraseña" required error={form.errors.password}>
          <PasswordInput {...form.bind('password')} />
        </Field>
        <Button type="submit" busy={form.busy} busyLabel="Iniciando sesión...">
          Iniciar sesión
        </Button>
      </form>
    </>
  );
}

async function signIn(screen: Awaited<ReturnType<typeof render>>, email: string, password: string) {
  await userEvent.fill(
    screen.getByRole('textbox', { name: 'Correo electrónico (obligatorio)' }),
    email,
  );
  await userEvent.fill(screen.getByLabelText(/^Contraseña/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

describe('a form checked by its schema', () => {
  it('sends nothing while a field is wrong: the summary takes focus and leads to the field', async () => {
    const send = vi.fn<Send>(() => Promise.resolve());
    const screen = await render(<LoginForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    const summary = screen.getByRole('alert', { name: 'Hay un problema' });
    await expect.element(summary).toHaveFocus();
    await expect
      .element(summary.getByRole('link', { name: 'Introduce tu contraseña' }))
      .toBeVisible();
    expect(send).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('link', { name: 'Introduce tu contraseña' }));
    await expect.element(screen.getByLabelText(/^Contraseña/)).toHaveFocus();
  });

  it('takes focus again on every failed send, and keeps a message until the next send', async () => {
    const screen = await render(<LoginForm send={() => Promise.resolve()} />);
    await signIn(screen, 'lucia@correo.es', '');
    const summary = screen.getByRole('alert', { name: 'Hay un problema' });
    await expect.element(summary).toHaveFocus();
    await userEvent.fill(screen.getByLabelText(/^Contraseña/), 'x');
    await expect
      .element(summary.getByRole('link', { name: 'Introduce tu contraseña' }))
      .toBeVisible();

    await userEvent.fill(screen.getByLabelText(/^Contraseña/), '');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await expect.element(screen.getByRole('alert', { name: 'Hay un problema' })).toHaveFocus();
  });

  it('sends the parsed data once, busy meanwhile, and clears the errors', async () => {
    let answer = () => {};
    const send = vi.fn<Send>(
      () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
    );
    const screen = await render(<LoginForm send={send} />);
    await signIn(screen, 'lucia', 'secreto');
    await expect.element(screen.getByRole('alert', { name: 'Hay un problema' })).toBeVisible();

    await signIn(screen, 'lucia@correo.es', 'secreto');
    await expect
      .element(screen.getByRole('alert', { name: 'Hay un problema' }))
      .not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Iniciando sesión...' });
    await expect.element(button).toHaveAttribute('aria-busy', 'true');
    // Enter in a field submits the form without the (busy) button.
    document.querySelector('form')?.requestSubmit();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toEqual({ email: 'lucia@correo.es', password: 'secreto' });

    answer();
    await expect.element(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  });

  it('shows the server’s messages by field, and any other failure in one banner', async () => {
    const refusal = new HttpError(400, 'Revisa los datos', { email: 'Ese correo no es válido' });
    const send = vi
      .fn<Send>()
      .mockRejectedValueOnce(refusal)
      .mockRejectedValueOnce(new Error('sin conexión'))
      .mockImplementationOnce((_data, { fail }) => {
        fail('Tu cuenta está pendiente de activar');
        return Promise.resolve();
      });
    const screen = await render(<LoginForm send={send} />);

    await signIn(screen, 'lucia@correo.es', 'secreto');
    const summary = screen.getByRole('alert', { name: 'Hay un problema' });
    await expect.element(summary).toHaveFocus();
    await expect
      .element(summary.getByRole('link', { name: 'Ese correo no es válido' }))
      .toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await expect.element(screen.getByText('No hemos podido conectar')).toBeVisible();
    await expect
      .element(screen.getByRole('alert', { name: 'Hay un problema' }))
      .not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await expect.element(screen.getByText('Tu cuenta está pendiente de activar')).toBeVisible();
    await expect.element(screen.getByText('No hemos podido conectar')).not.toBeInTheDocument();
  });

  it('loads its schema on the first send when the page does not bring it, and says so if it cannot', async () => {
    const send = vi.fn<Send>(() => Promise.resolve());
    const loadSchema = vi
      .fn<LoadSchema>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(loginRequestSchema);
    const screen = await render(<LoginForm send={send} loadSchema={loadSchema} />);
    expect(loadSchema).not.toHaveBeenCalled();

    await signIn(screen, 'lucia@correo.es', 'secreto');
    await expect.element(screen.getByText('No hemos podido conectar')).toBeVisible();
    expect(send).not.toHaveBeenCalled();

    await signIn(screen, 'lucia', 'secreto');
    await expect.element(screen.getByRole('alert', { name: 'Hay un problema' })).toHaveFocus();
    await expect.element(screen.getByText('No hemos podido conectar')).not.toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    await signIn(screen, 'lucia@correo.es', 'secreto');
    await expect.poll(() => send.mock.calls.length).toBe(1);
    expect(send.mock.calls[0]?.[0]).toEqual({ email: 'lucia@correo.es', password: 'secreto' });
  });
});
