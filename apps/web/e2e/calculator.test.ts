/**
 * The private area's calculator, end to end in Chromium against the real server: the wizard on
 * a phone with the keyboard alone, the server's result naming today's code, the same result and
 * the same draft on another device, the task-list menu, and signing out.
 */
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import {
  type Account,
  createAccount,
  DESKTOP_VIEWPORT,
  MOBILE_VIEWPORT,
  openPage,
  signIn,
  startForThisFile,
} from './harness';
import { axeViolations } from './accessibility';

const e2e = startForThisFile();

const WIZARD = 'Simulador Código de Buenas Prácticas';
const RESULTS = 'Resultados de tu simulación';

/** Signs in and waits for the calculator's wizard. */
async function signInToCalculator(page: Page, account: Account) {
  await signIn(page, account);
  await page.getByRole('heading', { level: 1, name: WIZARD }).waitFor();
}

async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return `${active?.tagName.toLowerCase() ?? ''}: ${active?.textContent.trim() ?? ''}`;
  });
}

function stepHeading(page: Page, name: string) {
  return page.getByRole('heading', { level: 2, name });
}

/** Presses Tab until the element named `name` has the focus (at most 40 times). */
async function tabTo(page: Page, role: 'textbox' | 'combobox' | 'button', name: string | RegExp) {
  await tabToElement(page, page.getByRole(role, { name }));
}

async function tabToElement(page: Page, target: Locator) {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

const BANK = /¿Con qué banco tienes la hipoteca\?/;

/**
 * The bank question's box: a plain text box until the person first reaches it (the picker and
 * the bank list load then), the picker afterwards.
 */
function bankBox(page: Page): Locator {
  return page.getByRole('combobox', { name: BANK }).or(page.getByRole('textbox', { name: BANK }));
}

async function typeInto(page: Page, name: string, text: string) {
  await tabTo(page, 'textbox', name);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text, { delay: 20 });
}

/** Chooses Unicaja on step 1 and goes on to step 2, 'Tu situación personal'. */
async function chooseBankAndGoOn(page: Page) {
  await bankBox(page).click();
  await page.getByRole('combobox', { name: BANK }).fill('Unicaja');
  await page
    .getByRole('option', { name: /Unicaja/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await stepHeading(page, 'Tu situación personal').waitFor();
}

/** Step 2's question about the debtor's age, one of the seven circumstances. */
function over60(page: Page) {
  return page.getByRole('radiogroup', { name: 'El deudor es mayor de 60 años' });
}

describe('the calculator in the private area', () => {
  it('is completed on a phone with the keyboard alone and gives the server’s result for today’s law', async () => {
    const account = await createAccount(e2e.site);
    const { page, context, errors } = await openPage(e2e.browser, e2e.site, {
      viewport: MOBILE_VIEWPORT,
    });
    await signInToCalculator(page, account);

    // Step 1: the bank, searched by an old name.
    await page.getByText('Paso 1 de 5', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Nothing chosen yet: the spec's message, in a summary that takes the focus.
    await tabTo(page, 'button', 'Siguiente');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('Por favor, selecciona un banco').waitFor();
    await expect.poll(() => focusedName(page)).toMatch(/Hay un problema/);
    await tabToElement(page, bankBox(page));
    // Reaching the box loads the picker, which keeps the focus.
    const picker = page.getByRole('combobox', { name: BANK });
    await picker.waitFor();
    expect(await picker.evaluate((element) => element === document.activeElement)).toBe(true);
    // The best match first: "caixa" gives CaixaBank, not the nineteenth "Caixa …".
    await page.keyboard.type('caixa');
    await expect.poll(() => page.getByRole('option').first().textContent()).toBe('CaixaBank');
    await page.keyboard.press('ControlOrMeta+a');
    // As fast as a machine types: not one key may be lost.
    await page.keyboard.type('Banesto');
    await page.getByRole('option', { name: /Banco Santander/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('Banco seleccionado').waitFor();
    // A bank chosen answers "selecciona un banco": the message goes, from the summary and the field.
    expect(await page.getByText('Por favor, selecciona un banco').count()).toBe(0);
    expect(
      await page.getByRole('combobox', { name: /banco/ }).getAttribute('aria-invalid'),
    ).not.toBe('true');
    await tabTo(page, 'button', 'Siguiente');
    await page.keyboard.press('Enter');

    // Step 2: focus on the step's heading.
    await stepHeading(page, 'Tu situación personal').waitFor();
    await expect.poll(() => focusedName(page)).toBe('h2: Tu situación personal');
    await page.getByText('Paso 2 de 5', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await tabTo(page, 'button', 'Siguiente');
    await page.keyboard.press('Enter');

    // Step 3: an empty field keeps the person here with the spec's message.
    await stepHeading(page, 'Datos de tu hipoteca').waitFor();
    await typeInto(page, 'Capital pendiente', '150.000');
    await typeInto(page, 'Plazo restante', '35');
    await tabTo(page, 'button', 'Siguiente');
    await page.keyboard.press('Enter');
    await page
      .getByRole('alert')
      .getByText('Por favor, completa todos los campos de información hipotecaria')
      .waitFor();
    expect(await page.getByRole('textbox', { name: 'Capital pendiente' }).inputValue()).toBe(
      '150.000,00',
    );
    await typeInto(page, 'Plazo original', '30');
    await typeInto(page, 'Tipo de interés', '3,25');
    await tabTo(page, 'button', 'Siguiente');
    await page.keyboard.press('Enter');
    // 35 years left of a 30-year loan cannot be: said in the summary and beside the field.
    const tooLong = /El plazo restante no puede ser mayor que el plazo original/;
    await page.getByRole('alert').getByText(tooLong).waitFor();
    expect(await page.getByText(tooLong).count()).toBe(2);
    expect(
      await page.getByRole('textbox', { name: 'Plazo restante' }).getAttribute('aria-invalid'),
    ).toBe('true');
    await stepHeading(page, 'Datos de tu hipoteca').waitFor();
    await typeInto(page, 'Plazo restante', '22');
    await tabTo(page, 'button', 'Siguiente');
    await page.keyboard.press('Enter');

    // Step 4: the net income comes from the simulator, and the page says so.
    await stepHeading(page, 'Tus ingresos').waitFor();
    await page
      .getByText(/doce veces los ingresos mensuales que indicaste en el simulador/)
      .waitFor();
    expect(await page.getByRole('textbox', { name: 'Ingresos netos anuales' }).inputValue()).toBe(
      '21.600',
    );
    await typeInto(page, 'Ingresos brutos anuales', '24.000');
    await typeInto(page, 'Ingresos netos hace cuatro años', '28.000');
    expect(await axeViolations(page)).toEqual([]);
    await tabTo(page, 'button', 'Siguiente');
    await page.keyboard.press('Enter');

    // Step 5: the instalment from the simulator; then 'Calcular'.
    await stepHeading(page, 'Tus cuotas').waitFor();
    expect(await page.getByRole('textbox', { name: 'Cuota actual' }).inputValue()).toBe('1.000');
    await typeInto(page, 'Cuota hace cuatro años', '700');
    await typeInto(page, 'Cuota de junio de 2022', '720');
    await tabTo(page, 'button', 'Calcular');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: RESULTS }).waitFor();
    await expect.poll(() => focusedName(page)).toBe(`h1: ${RESULTS}`);
    const main = page.getByRole('main');
    await main
      .getByText(/puedes acogerte al Código de Buenas Prácticas de 2012, según la ley vigente el/)
      .waitFor();
    await main.getByText(/solo admitió solicitudes hasta el 24 de noviembre de 2025/).waitFor();
    await page.getByRole('meter', { name: 'Nueva cuota' }).waitFor();
    await page.getByRole('meter', { name: 'Carencia', exact: true }).waitFor();
    const rate = await page
      .getByRole('meter', { name: 'Interés carencia' })
      .getAttribute('aria-valuetext');
    expect(rate).not.toContain('2,50');
    // February 2026 (2,221 %), the newest month of the firm's series, minus 0,10.
    expect(rate).toMatch(/2,121 por ciento/);
    await main
      .getByText(/el Euríbor a un año de febrero de 2026 \(2,221\s%\) menos 0,10/)
      .waitFor();
    await main.getByText('Estas medidas solo se pueden pedir una vez por hipoteca.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The next task of the list is the result's action from the start, before any FAQ item.
    await main.getByText('Siguiente paso: Obtener Documentos').waitFor();
    const nextStep = main.getByRole('link', { name: 'Empezar con mis documentos' });
    expect(await nextStep.getAttribute('href')).toBe('/app/obtener-documentos');
    expect(await nextStep.isVisible()).toBe(true);

    // The FAQ opens item by item; once one is open, the floating bar appears.
    expect(await page.getByRole('region', { name: /Acógete ahora/ }).count()).toBe(0);
    await page.getByRole('button', { name: '¿Qué pago durante la carencia?' }).click();
    await page.getByRole('button', { name: '¿Pagaré más intereses en total?' }).click();
    expect(
      await page
        .getByRole('button', { name: '¿Qué pago durante la carencia?' })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    await page
      .getByRole('region', { name: 'Acógete ahora y baja la cuota de tu hipoteca' })
      .waitFor();

    // The slider's typed alternative gives the figures of a longer term.
    await page.getByRole('button', { name: 'Calcular cuota después de la carencia' }).click();
    // With no extra years, "Plazo total" says what it adds up, and the difference is in words.
    await main
      .getByText(
        'Desde hoy hasta la última cuota: los 22 años que te quedan más 7 años de ampliación que permite el código.',
      )
      .waitFor();
    await main.getByText('La cuota no baja: aún no has añadido años').waitFor();
    expect(await main.getByText(/0,00\s€ menos/).count()).toBe(0);
    const typed = page.getByRole('textbox', { name: /Años adicionales/ });
    await typed.fill('2');
    await main.getByText(/y 2 años adicionales que has elegido\.$/).waitFor();
    await main.getByText(/^\d+,\d\d\s€ menos$/).waitFor();
    await typed.fill('5');
    await page.getByText(/Plazo total/).waitFor();

    // 'Modificar datos' goes back to the wizard with every value kept.
    await page.getByRole('button', { name: 'Modificar datos' }).click();
    await page.getByRole('heading', { level: 1, name: WIZARD }).waitFor();
    await page.getByText('Paso 1 de 5', { exact: true }).waitFor();
    expect(await page.getByRole('combobox', { name: /banco/ }).inputValue()).toBe(
      'Banco Santander',
    );

    // The task list in the drawer says the calculator is done and links the steps that exist.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('navigation', { name: 'Área de cliente' });
    await menu.getByRole('link', { name: /Calcular Cuota/ }).waitFor();
    await menu.getByText('Completado').waitFor();
    await menu.getByRole('link', { name: /Obtener Documentos/ }).waitFor();
    await menu.getByRole('link', { name: /Seleccionar Plan/ }).waitFor();
    await menu.getByRole('link', { name: /Revisar Expediente/ }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps what was typed, and the focus, while the bank picker loads, and says when it could not', async () => {
    const account = await createAccount(e2e.site);
    const { page, context, errors } = await openPage(e2e.browser, e2e.site, {
      viewport: MOBILE_VIEWPORT,
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The picker and the bank list are a chunk of their own: the first request fails as on a
    // dropped connection, the next is held back here until more of the name is typed.
    let requests = 0;
    await page.route(/\/assets\/bank-picker-loaded-[\w-]+\.js$/, async (route: Route) => {
      requests += 1;
      if (requests === 1) {
        await route.abort('internetdisconnected');
        return;
      }
      await held;
      await route.continue();
    });
    await signInToCalculator(page, account);

    await tabTo(page, 'textbox', BANK);
    await page.keyboard.type('Un', { delay: 20 });
    const failure = page
      .getByRole('alert')
      .filter({ hasText: 'No hemos podido cargar la lista de bancos' });
    await failure.waitFor();
    const standIn = page.getByRole('textbox', { name: BANK });
    expect(await standIn.inputValue()).toBe('Un');
    expect(await standIn.evaluate((element) => element === document.activeElement)).toBe(true);

    // The next key asks again.
    await page.keyboard.type('ic', { delay: 20 });
    release();
    const box = page.getByRole('combobox', { name: BANK });
    await box.waitFor();
    expect(await box.inputValue()).toBe('Unic');
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await failure.count()).toBe(0);
    await page.keyboard.type('aja');
    expect(await box.inputValue()).toBe('Unicaja');
    await page
      .getByRole('option', { name: /Unicaja/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('Banco seleccionado: Unicaja Banco').waitFor();
    expect(requests).toBe(2);
    // The browser reports the dropped request; nothing else goes wrong.
    expect(errors.filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });

  it('tells a debtor who turned 60 in the last four years, with no rise in effort, that they meet the 2012 code with the five-year grace', async () => {
    const account = await createAccount(e2e.site);
    const { page, context, errors } = await openPage(e2e.browser, e2e.site, {
      viewport: MOBILE_VIEWPORT,
    });
    await signInToCalculator(page, account);
    await chooseBankAndGoOn(page);

    // Step 2: seven questions, one group each; 'No' until answered.
    for (const name of [
      'Familia numerosa',
      'Familia monoparental con hijos a cargo',
      'Un menor de edad vive en la unidad familiar',
      'Víctima de violencia de género, trata o explotación sexual',
    ]) {
      const group = page.getByRole('radiogroup', { name });
      expect(await group.getByRole('radio', { name: 'No' }).isChecked()).toBe(true);
    }
    // By keyboard: one Tab reaches the group, the arrows choose.
    await over60(page).getByRole('radio', { name: 'No' }).focus();
    await page.keyboard.press('ArrowDown');
    const recent = over60(page).getByRole('radio', { name: 'Sí, en los últimos cuatro años' });
    await expect.poll(() => recent.isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Siguiente' }).click();

    await stepHeading(page, 'Datos de tu hipoteca').waitFor();
    for (const [name, value] of [
      ['Capital pendiente', '150.000'],
      ['Plazo restante', '22'],
      ['Plazo original', '30'],
      ['Tipo de interés', '3,25'],
    ] as const) {
      await page.getByRole('textbox', { name }).fill(value);
    }
    await page.getByRole('button', { name: 'Siguiente' }).click();
    // The same 21.600 € net a year and 1.000 € a month as four years ago: the effort did not rise.
    await stepHeading(page, 'Tus ingresos').waitFor();
    await page.getByRole('textbox', { name: 'Ingresos brutos anuales' }).fill('24.000');
    await page.getByRole('textbox', { name: 'Ingresos netos hace cuatro años' }).fill('21.600');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await stepHeading(page, 'Tus cuotas').waitFor();
    await page.getByRole('textbox', { name: 'Cuota hace cuatro años' }).fill('1.000');
    await page.getByRole('textbox', { name: 'Cuota de junio de 2022' }).fill('1.000');
    await page.getByRole('button', { name: 'Calcular' }).click();

    await page.getByRole('heading', { level: 1, name: RESULTS }).waitFor();
    const main = page.getByRole('main');
    await main
      .getByText(/puedes acogerte al Código de Buenas Prácticas de 2012, según la ley vigente el/)
      .waitFor();
    expect(
      await page
        .getByRole('meter', { name: 'Carencia', exact: true })
        .getAttribute('aria-valuenow'),
    ).toBe('5');
    const effort = main.getByRole('listitem').filter({
      hasText:
        'En los últimos cuatro años ha surgido una circunstancia de especial vulnerabilidad: el deudor es mayor de 60 años.',
    });
    await effort.getByText('Cumples', { exact: true }).waitFor();
    const answers = page.getByRole('region', { name: 'Tus respuestas' });
    await answers.getByText('Sí, en los últimos cuatro años').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the draft and the result on the server: another device finds both', async () => {
    const account = await createAccount(e2e.site);
    const phone = await openPage(e2e.browser, e2e.site, { viewport: MOBILE_VIEWPORT });
    await signInToCalculator(phone.page, account);
    await chooseBankAndGoOn(phone.page);
    await over60(phone.page).getByRole('radio', { name: 'Sí, desde antes' }).click();
    await phone.page.getByRole('button', { name: 'Siguiente' }).click();
    await stepHeading(phone.page, 'Datos de tu hipoteca').waitFor();
    await phone.page.getByRole('textbox', { name: 'Capital pendiente' }).fill('98.765,43');
    // Kept on the server a moment after typing stops.
    await phone.page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/calculations/draft' &&
        response.request().method() === 'PUT' &&
        response.ok(),
    );

    const laptop = await openPage(e2e.browser, e2e.site, { viewport: DESKTOP_VIEWPORT });
    await signInToCalculator(laptop.page, account);
    await stepHeading(laptop.page, 'Datos de tu hipoteca').waitFor();
    expect(await laptop.page.getByRole('textbox', { name: 'Capital pendiente' }).inputValue()).toBe(
      '98.765,43',
    );
    await laptop.page.getByRole('button', { name: 'Anterior' }).click();
    expect(
      await over60(laptop.page).getByRole('radio', { name: 'Sí, desde antes' }).isChecked(),
    ).toBe(true);
    await laptop.page.getByRole('button', { name: 'Siguiente' }).click();
    for (const [name, value] of [
      ['Plazo restante', '20'],
      ['Plazo original', '30'],
      ['Tipo de interés', '3'],
    ] as const) {
      await laptop.page.getByRole('textbox', { name }).fill(value);
    }
    await laptop.page.getByRole('button', { name: 'Siguiente' }).click();
    await laptop.page.getByRole('textbox', { name: 'Ingresos brutos anuales' }).fill('24.000');
    await laptop.page
      .getByRole('textbox', { name: 'Ingresos netos hace cuatro años' })
      .fill('30.000');
    await laptop.page.getByRole('button', { name: 'Siguiente' }).click();
    await laptop.page.getByRole('textbox', { name: 'Cuota hace cuatro años' }).fill('650');
    await laptop.page.getByRole('textbox', { name: 'Cuota de junio de 2022' }).fill('700');
    await laptop.page.getByRole('button', { name: 'Calcular' }).click();
    await laptop.page.getByRole('heading', { level: 1, name: RESULTS }).waitFor();
    expect(await axeViolations(laptop.page)).toEqual([]);

    // Back on the phone: a reload shows the same result, with the answers given on the laptop.
    await phone.page.reload();
    await phone.page.getByRole('heading', { level: 1, name: RESULTS }).waitFor();
    const answers = phone.page.getByRole('region', { name: 'Tus respuestas' });
    await answers.getByText('98.765,43\u00a0€').waitFor();
    await answers.getByText('Unicaja').waitFor();

    expect([...phone.errors, ...laptop.errors]).toEqual([]);
    await phone.context.close();
    await laptop.context.close();
  });

  it('signing out keeps what was just typed, and asks first when it cannot be saved', async () => {
    const account = await createAccount(e2e.site);
    const { page, context } = await openPage(e2e.browser, e2e.site, { viewport: MOBILE_VIEWPORT });
    await signInToCalculator(page, account);
    await chooseBankAndGoOn(page);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await stepHeading(page, 'Datos de tu hipoteca').waitFor();
    const capital = page.getByRole('textbox', { name: 'Capital pendiente' });

    // Signing out right after typing, before the pause that saves it: it is saved first.
    await capital.fill('98.765,43');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signInToCalculator(page, account);
    await stepHeading(page, 'Datos de tu hipoteca').waitFor();
    expect(await capital.inputValue()).toBe('98.765,43');

    // Without a connection it cannot be saved: the person is asked, and going back keeps it.
    await context.setOffline(true);
    await capital.fill('55.555,55');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tienes cambios sin guardar' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Volver a mis datos' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedName(page)).toBe(`h1: ${WIZARD}`);
    expect(new URL(page.url()).pathname).toBe('/app');
    expect(await capital.inputValue()).toBe('55.555,55');

    // With the connection back, signing out saves it.
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signInToCalculator(page, account);
    await stepHeading(page, 'Datos de tu hipoteca').waitFor();
    expect(await capital.inputValue()).toBe('55.555,55');
    await context.close();
  });

  it('keeps on this device what could not be saved, and saves it on the next visit', async () => {
    const account = await createAccount(e2e.site);
    const { page, context } = await openPage(e2e.browser, e2e.site, { viewport: MOBILE_VIEWPORT });
    await signInToCalculator(page, account);
    await chooseBankAndGoOn(page);
    // The save of step 3 itself: an earlier step's save may still be on its way.
    const stepSaved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/calculations/draft' &&
        response.request().method() === 'PUT' &&
        response.ok() &&
        (response.request().postDataJSON() as { paso?: unknown }).paso === 3,
    );
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await stepHeading(page, 'Datos de tu hipoteca').waitFor();
    await stepSaved;

    // The server cannot be reached for saves: what is typed stays in this browser.
    const refuseSaves = async (route: Route) => {
      if (route.request().method() === 'PUT') await route.abort('internetdisconnected');
      else await route.continue();
    };
    await context.route('**/api/calculations/draft', refuseSaves);
    await page.getByRole('textbox', { name: 'Capital pendiente' }).fill('77.777,77');
    await page
      .getByText('No hemos podido guardar tus datos en tu cuenta', { exact: false })
      .waitFor();
    // The phone closes the tab before the connection comes back, so the last try as the page
    // goes never happens (a test's routes cannot hold a request sent while a page unloads).
    const devtools = await context.newCDPSession(page);
    const crashed = page.waitForEvent('crash');
    // The crash ends the page before it can answer the call.
    void devtools.send('Page.crash').catch(() => undefined);
    await crashed;
    await page.close();
    const nextVisit = await context.newPage();
    await nextVisit.goto('/app');
    await stepHeading(nextVisit, 'Datos de tu hipoteca').waitFor();
    await nextVisit.getByText('Hemos recuperado datos que escribiste', { exact: false }).waitFor();
    const capital = nextVisit.getByRole('textbox', { name: 'Capital pendiente' });
    expect(await capital.inputValue()).toBe('77.777,77');

    // Saves go through again: the restored figures reach the server.
    await context.unroute('**/api/calculations/draft', refuseSaves);
    const saved = nextVisit.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/calculations/draft' &&
        response.request().method() === 'PUT' &&
        response.ok(),
    );
    await context.setOffline(true);
    await context.setOffline(false);
    await saved;
    await expect
      .poll(() =>
        nextVisit.getByText('Hemos recuperado datos que escribiste', { exact: false }).count(),
      )
      .toBe(0);
    const laptop = await openPage(e2e.browser, e2e.site, { viewport: DESKTOP_VIEWPORT });
    await signInToCalculator(laptop.page, account);
    await stepHeading(laptop.page, 'Datos de tu hipoteca').waitFor();
    expect(await laptop.page.getByRole('textbox', { name: 'Capital pendiente' }).inputValue()).toBe(
      '77.777,77',
    );
    await laptop.context.close();
    await context.close();
  });
});
