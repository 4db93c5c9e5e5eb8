import { HttpError, STAFF_MESSAGES, type StaffLoginRequest } from '@cbp/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { StaffSessionProvider } from './context';
import { LoginPage } from './LoginPage';

const login = vi.fn<(request: StaffLoginRequest) => Promise<never>>();

vi.mock('./accounts-api', () => ({ staffAccounts: () => ({ login }) }));

async function renderLogin() {
  const router = createMemoryRouter(
    [
      {
        path: '/gestion/login',
        element: (
          <StaffSessionProvider>
            <LoginPage />
          </StaffSessionProvider>
        ),
      },
    ],
    { initialEntries: ['/gestion/login'] },
  );
  const screen = await render(<RouterProvider router={router} />);
  await userEvent.fill(
    screen.getByRole('textbox', { name: 'Correo electrónico (obligatorio)' }),
    'ana@despacho.es',
  );
  await userEvent.fill(screen.getByLabelText(/^Contraseña/), 'una contraseña');
  await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
  return screen;
}

beforeEach(() => {
  window.localStorage.clear();
  login.mockReset();
});

describe('the staff sign-in', () => {
  it('moves to the code field when the server asks for the two-step code', async () => {
    login.mockRejectedValue(
      new HttpError(400, STAFF_MESSAGES.totpRequired, { codigo: STAFF_MESSAGES.totpRequired }),
    );
    const screen = await renderLogin();
    await expect
      .element(screen.getByRole('link', { name: STAFF_MESSAGES.totpRequired }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('textbox', { name: /^Código de verificación/ }))
      .toHaveFocus();
    expect(login).toHaveBeenCalledWith({ email: 'ana@despacho.es', password: 'una contraseña' });
  });

  it('says a refused sign-in in one banner, leaving the focus where it was', async () => {
    login.mockRejectedValue(new HttpError(401, STAFF_MESSAGES.invalidCredentials));
    const screen = await renderLogin();
    await expect.element(screen.getByText(STAFF_MESSAGES.invalidCredentials)).toBeVisible();
    await expect
      .element(screen.getByRole('alert', { name: 'Hay un problema' }))
      .not.toBeInTheDocument();
    await expect.element(screen.getByRole('button', { name: 'Iniciar sesión' })).toHaveFocus();
  });
});
