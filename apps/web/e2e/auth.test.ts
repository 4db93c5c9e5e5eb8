import { AUTH_SCREEN_MESSAGES, RULES } from '@cbp/core';
import { jsonText, passingLeadRequest } from '@cbp/core/testing';
import { describe, expect, it } from 'vitest';

import {
  gotoHydrated,
  createAccount,
  openPage,
  postJson,
  recoveryLinkIn,
  apiLogin,
  signIn,
  startForThisFile,
  storedSession,
  uniqueEmail,
  waitForMail,
} from './harness';
import { axeViolations } from './accessibility';

const e2e = startForThisFile();

describe('sign-in', () => {
  it('signs a client in and lands on the private area with the session stored', async () => {
    const account = await createAccount(e2e.site);
    const { page, context, errors } = await openPage(e2e.browser, e2e.site);

    await gotoHydrated(page, '/login');
    await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
    await page.getByLabel('Correo electrónico').fill(account.email);
    await page.getByLabel(/^Contraseña/).fill(account.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();

    await page.waitForURL('**/app');
    await page
      .getByRole('heading', { level: 1, name: 'Simulador Código de Buenas Prácticas' })
      .waitFor();
    const stored = await storedSession(page);
    expect(stored.accessToken).toMatch(/^ey/);
    expect(stored.refreshToken).not.toBeNull();
    expect(stored.userEmail).toBe(account.email);
    expect(stored.leadId).toBe(account.leadId);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says "Credenciales incorrectas" for a wrong password and keeps what was typed', async () => {
    const account = await createAccount(e2e.site);
    const { page, context } = await openPage(e2e.browser, e2e.site);

    await gotoHydrated(page, '/login');
    const email = page.getByLabel('Correo electrónico');
    const password = page.getByLabel(/^Contraseña/);
    await email.fill(account.email);
    await password.fill('otra-contraseña-distinta');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Credenciales incorrectas' });
    await alert.waitFor();
    expect(await email.inputValue()).toBe(account.email);
    expect(await password.inputValue()).toBe('otra-contraseña-distinta');
    expect(page.url()).toMatch(/\/login$/);
    expect((await storedSession(page)).accessToken).toBeNull();
    await context.close();
  });

  it('loads the code that signs in only to send, and says what to do when it cannot arrive', async () => {
    const account = await createAccount(e2e.site);
    const { page, context } = await openPage(e2e.browser, e2e.site);
    const SIGN_IN_CODE = '**/assets/account-calls-*.js';
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/account-calls-')) asked.push(request.url());
    });
    await page.route(SIGN_IN_CODE, (route) => route.abort('internetdisconnected'));
    await gotoHydrated(page, '/login');
    await page.waitForLoadState('networkidle');
    // The schemas, the API client and zod are not part of the page's first load (decision 0853).
    expect(asked).toEqual([]);

    const email = page.getByLabel('Correo electrónico');
    const password = page.getByLabel(/^Contraseña/);
    await email.fill(account.email);
    await password.fill(account.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: AUTH_SCREEN_MESSAGES.loginNetworkFailure })
      .waitFor();
    expect(asked.length).toBeGreaterThan(0);

    // After a deploy the open page names a file the server no longer has: only a reload helps.
    await page.unroute(SIGN_IN_CODE);
    await page.route(SIGN_IN_CODE, (route) =>
      route.fulfill({ status: 404, contentType: 'text/html', body: '<!doctype html>' }),
    );
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Hemos actualizado la web mientras la usabas. Recarga la página' })
      .waitFor();
    expect(await email.inputValue()).toBe(account.email);
    expect(page.url()).toMatch(/\/login$/);

    await page.unroute(SIGN_IN_CODE);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/app');
    await context.close();
  });

  it('checks the form before sending and links each error to its field', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site);
    await gotoHydrated(page, '/login');
    await page.getByLabel('Correo electrónico').fill('ana@correo');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();

    const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
    await summary.waitFor();
    await summary.getByRole('link', { name: 'Introduce tu contraseña' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('password');
    await expect
      .poll(() => summary.getByRole('link').allTextContents())
      .toEqual(['Introduce un correo electrónico válido', 'Introduce tu contraseña']);
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe('ana@correo');
    await context.close();
  });
});

describe('password recovery', () => {
  it('resets the password through the e-mailed link and signs in with the new one', async () => {
    const account = await createAccount(e2e.site);
    const newPassword = 'cuota-mas-baja-2025';
    const { page, context, errors } = await openPage(e2e.browser, e2e.site);

    await gotoHydrated(page, '/login');
    await page.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
    await page.waitForURL('**/reset-password-request');
    // The address changes before the new page renders; until then the sign-in form, with its
    // own "Correo electrónico" field, is still the one on screen.
    await page.getByRole('heading', { level: 1, name: 'Recuperar contraseña' }).waitFor();
    const requestedAt = new Date(Date.now() - 1000);
    await page.getByLabel('Correo electrónico').fill(account.email);
    await page.getByRole('button', { name: 'Enviar instrucciones' }).click();
    await page
      .getByRole('status')
      .filter({
        hasText: 'Se ha enviado un email con las instrucciones para resetear tu contraseña',
      })
      .waitFor();

    const mail = await waitForMail(e2e.site, account.email, {
      since: requestedAt,
      matching: (message) => message.enlaces.some((url) => url.includes('/reset-password#')),
    });
    await gotoHydrated(page, recoveryLinkIn(mail));
    await page.getByRole('heading', { level: 1, name: 'Elige tu nueva contraseña' }).waitFor();

    const first = page.getByLabel(/^Nueva contraseña/);
    const second = page.getByLabel('Repite la nueva contraseña');
    await first.fill(newPassword);
    await second.fill('cuota-mas-baja-2026');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Hay un problema' })
      .getByRole('link', { name: 'Las contraseñas no coinciden' })
      .waitFor();
    expect(await first.inputValue()).toBe(newPassword);

    await second.fill(newPassword);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Contraseña actualizada exitosamente' })
      .waitFor();
    const updatedAt = Date.now();
    await page.waitForURL('**/login', { timeout: 10_000 });
    const waited = Date.now() - updatedAt;
    // The page waits RULES.timings.passwordRedirectMs (2 000 ms) before going to /login.
    expect(waited).toBeGreaterThanOrEqual(RULES.timings.passwordRedirectMs - 300);
    expect(waited).toBeLessThan(RULES.timings.passwordRedirectMs + 2_000);

    const oldPassword = await postJson(e2e.site, '/api/auth/login', {
      email: account.email,
      password: account.password,
    });
    expect(oldPassword.status).toBe(401);

    await page.getByLabel('Correo electrónico').fill(account.email);
    await page.getByLabel(/^Contraseña/).fill(newPassword);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/app');
    await page
      .getByRole('heading', { level: 1, name: 'Simulador Código de Buenas Prácticas' })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps as the case the simulation made in this browser, even through the link of a lead a stranger posted with the same e-mail', async () => {
    const email = uniqueEmail();
    const own = await postJson(e2e.site, '/api/leads', passingLeadRequest(email));
    const stranger = await postJson(e2e.site, '/api/leads', {
      ...passingLeadRequest(email),
      nombre: 'Intruso',
    });
    const strangersMail = await waitForMail(e2e.site, email, {
      matching: (message) =>
        message.texto.includes('Intruso') &&
        message.enlaces.some((url) => url.includes('/reset-password#')),
    });
    const { page, context, errors } = await openPage(e2e.browser, e2e.site);
    // The pass page of this browser's own simulation left its lead session here.
    await gotoHydrated(page, '/login');
    await page.evaluate(
      (entries) => {
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
      },
      {
        accessToken: jsonText(own.body, 'session', 'access_token'),
        refreshToken: jsonText(own.body, 'session', 'refresh_token'),
        auth_token: jsonText(own.body, 'session', 'access_token'),
        leadId: jsonText(own.body, 'data', 'id'),
        userEmail: email,
      },
    );

    await gotoHydrated(page, recoveryLinkIn(strangersMail));
    // The welcome e-mail says "Crea tu contraseña": its link's page says the same, because the
    // server says this link creates the first password.
    await page.getByRole('heading', { level: 1, name: 'Crea tu contraseña' }).waitFor();
    expect(await page.getByText(/nueva contraseña/i).count()).toBe(0);
    await page.getByLabel(/^Contraseña/).fill('hipoteca-segura-2024');
    await page.getByLabel('Repite la contraseña').fill('hipoteca-segura-2024');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    // A first password is created, not updated: the success says so.
    await page.getByRole('status').filter({ hasText: 'Contraseña creada correctamente' }).waitFor();
    expect(await page.getByText('Contraseña actualizada').count()).toBe(0);
    await page.waitForURL('**/login', { timeout: 10_000 });
    // The lead session ended with the new password: nothing of it stays in the browser.
    await expect.poll(() => storedSession(page)).toMatchObject({ accessToken: null });

    const signedIn = await apiLogin(e2e.site, { email, password: 'hipoteca-segura-2024' });
    const verify = await fetch(`${e2e.site.url}/api/auth/verify`, {
      headers: { authorization: `Bearer ${signedIn.accessToken}` },
    });
    expect(jsonText(await verify.json(), 'leadId')).toBe(jsonText(own.body, 'data', 'id'));
    const strangersSession = await fetch(`${e2e.site.url}/api/auth/verify`, {
      headers: { authorization: `Bearer ${jsonText(stranger.body, 'session', 'access_token')}` },
    });
    expect(strangersSession.status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers the simulator to an account without a case, and what it simulates signed in becomes its case', async () => {
    // Two simulations for one e-mail and a password set in another browser: neither can be told
    // from a stranger's, so the account starts without a case.
    const email = uniqueEmail();
    const password = 'hipoteca-segura-2024';
    for (const nombre of ['Lucía', 'Intruso']) {
      const posted = await postJson(e2e.site, '/api/leads', {
        ...passingLeadRequest(email),
        nombre,
      });
      expect(posted.status).toBe(201);
    }
    const mail = await waitForMail(e2e.site, email, {
      matching: (message) => message.enlaces.some((url) => url.includes('/reset-password#')),
    });
    const update = await postJson(e2e.site, '/api/auth/update-password', {
      password,
      recovery_url: recoveryLinkIn(mail),
    });
    expect(update.status).toBe(200);

    const { page, context, errors } = await openPage(e2e.browser, e2e.site);
    await signIn(page, { email, password });
    const main = page.getByRole('main');
    await main.getByText('Todavía no tienes ningún caso abierto.').waitFor();
    // Trying again cannot help: the way on is the simulator.
    expect(await main.getByRole('button', { name: 'Intentar de nuevo' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    const menu = page.getByRole('navigation', { name: 'Área de cliente' });
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect.poll(() => menu.getByText('Pendiente').count()).toBe(6);
    expect(await menu.getByRole('link').count()).toBe(0);
    await page.getByRole('button', { name: 'Cerrar menú' }).click();
    await main.getByRole('link', { name: 'Comenzar simulación' }).click();
    await page.waitForURL('**/simulador');

    const question = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
    for (const [name, reply] of [
      [/precio de compra de tu vivienda fue de hasta 300\.000\s€/, 'Sí'],
      ['¿La vivienda hipotecada es tu vivienda habitual?', 'Sí'],
      ['¿Firmaste la hipoteca antes del 31 de diciembre de 2022?', 'Sí'],
    ] as const) {
      await question(name).waitFor();
      await page.getByRole('button', { name: reply, exact: true }).click();
    }
    for (const [name, amount] of [
      ['¿Cuál es la cuota mensual de tu hipoteca?', '1000'],
      ['¿Cuáles son los ingresos mensuales de tu unidad familiar?', '1800'],
    ] as const) {
      await question(name).waitFor();
      await page.getByRole('textbox', { name }).fill(amount);
      await page.getByRole('button', { name: 'Siguiente' }).click();
    }
    await question('¿Cómo podemos contactar contigo?').waitFor();
    await page.getByLabel('Nombre', { exact: true }).fill('Lucía');
    await page.getByLabel('Apellidos', { exact: true }).fill('García Pérez');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Teléfono').fill('612 34 56 78');
    await page.getByRole('checkbox', { name: /política de privacidad/ }).check();
    const posted = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/leads' && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Ver resultado' }).click();
    const simulated = jsonText(await (await posted).json(), 'data', 'id');
    await page.waitForURL('**/cumple-requisitos');

    await gotoHydrated(page, '/app');
    await page
      .getByRole('heading', { level: 1, name: 'Simulador Código de Buenas Prácticas' })
      .waitFor();
    await page.getByText('Paso 1 de 5', { exact: true }).waitFor();
    expect(await page.getByText('Todavía no tienes ningún caso abierto.').count()).toBe(0);
    // The account, signed in anywhere, now works on this simulation.
    const signedIn = await apiLogin(e2e.site, { email, password });
    const verify = await fetch(`${e2e.site.url}/api/auth/verify`, {
      headers: { authorization: `Bearer ${signedIn.accessToken}` },
    });
    expect(jsonText(await verify.json(), 'leadId')).toBe(simulated);
    // What the browser says of the screens' 404s while there was no case, and nothing else.
    expect(
      errors.filter((error) => !/Todavía no tienes ningún caso|status of 404/.test(error)),
    ).toEqual([]);
    await context.close();
  });

  it.each([
    ['without a type', '#access_token=abc123'],
    ['with another type', '#access_token=abc123&type=signup'],
  ])('says "Tipo de token inválido" for a link %s and offers a new one', async (_case, hash) => {
    const { page, context } = await openPage(e2e.browser, e2e.site);
    await gotoHydrated(page, `/reset-password${hash}`);
    await page.getByRole('alert').filter({ hasText: 'Tipo de token inválido' }).waitFor();
    expect(await page.getByLabel(/^Nueva contraseña/).count()).toBe(0);
    await page.getByRole('link', { name: 'solicita un enlace nuevo' }).click();
    await page.waitForURL('**/reset-password-request');
    await context.close();
  });
});
