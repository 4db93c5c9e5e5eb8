import AxeBuilder from '@axe-core/playwright';
import { jsonField, jsonText } from '@cbp/core/testing';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import {
  gotoHydrated,
  type MailboxMessage,
  openPage,
  readMailbox,
  startForThisFile,
  storedSession,
  uniqueEmail,
} from './harness';

const KEYBOARD_JOURNEY_TIMEOUT_MS = 150_000;

const e2e = startForThisFile();

// The questions as a person reads them (the € and % signs follow a no-break space).
const PRICE = /precio de compra de tu vivienda fue de hasta 300\.000\s€/;
const HOME = '¿La vivienda hipotecada es tu vivienda habitual?';
const SIGNED = '¿Firmaste la hipoteca antes del 31 de diciembre de 2022?';
const INSTALMENT = '¿Cuál es la cuota mensual de tu hipoteca?';
const INCOME = '¿Cuáles son los ingresos mensuales de tu unidad familiar?';
const CONTACT = '¿Cómo podemos contactar contigo?';

interface Person {
  nombre: string;
  apellidos: string;
  correo: string;
  telefono: string;
}

function newPerson(nombre: string): Person {
  // A surname of its own per test, to find this person's lead notification in the mailbox.
  const tag = Math.random().toString(36).slice(2, 8);
  return {
    nombre,
    apellidos: `Prueba ${tag}`,
    correo: uniqueEmail(
      nombre
        .normalize('NFD')
        .replace(/[^a-zA-Z]/g, '')
        .toLowerCase(),
    ),
    telefono: '612 34 56 78',
  };
}

/**
 * Opens the simulator and answers the cookie banner as most people do, so it does not cover
 * the buttons at the bottom of a phone screen.
 */
async function openSimulator(page: Page) {
  await gotoHydrated(page, '/simulador');
  await heading(page, PRICE).waitFor();
  const reject = page.getByRole('button', { name: 'Rechazar todas' });
  if (await reject.isVisible()) await reject.click();
  const hide = page.getByRole('button', { name: 'Ocultar este mensaje' });
  if (await hide.isVisible()) await hide.click();
}

function heading(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { level: 1, name });
}

async function expectStep(page: Page, step: number, question: string | RegExp) {
  await heading(page, question).waitFor();
  await page.getByText(`Paso ${String(step)} de 6`, { exact: true }).waitFor();
}

async function answer(page: Page, question: string | RegExp, reply: 'Sí' | 'No') {
  await heading(page, question).waitFor();
  await page.getByRole('button', { name: reply, exact: true }).click();
}

async function typeAmount(page: Page, question: string, amount: string) {
  await heading(page, question).waitFor();
  await page.getByRole('textbox', { name: question }).fill(amount);
  await page.getByRole('button', { name: 'Siguiente' }).click();
}

async function fillContact(page: Page, person: Person) {
  await heading(page, CONTACT).waitFor();
  await page.getByLabel('Nombre', { exact: true }).fill(person.nombre);
  await page.getByLabel('Apellidos', { exact: true }).fill(person.apellidos);
  await page.getByLabel('Correo electrónico').fill(person.correo);
  await page.getByLabel('Teléfono').fill(person.telefono);
}

/** Opens the simulator and answers every question, up to the accepted privacy notice. */
async function answerEverything(
  page: Page,
  answers: { home?: 'Sí' | 'No'; instalment: string; income: string; person: Person },
) {
  await openSimulator(page);
  await answer(page, PRICE, 'Sí');
  await answer(page, HOME, answers.home ?? 'Sí');
  await answer(page, SIGNED, 'Sí');
  await typeAmount(page, INSTALMENT, answers.instalment);
  await typeAmount(page, INCOME, answers.income);
  await fillContact(page, answers.person);
  await page.getByRole('checkbox', { name: /política de privacidad/ }).check();
}

function leadPosted(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/leads' && response.request().method() === 'POST',
  );
}

/** The lead as the server stored it, read with the session the server gave for it. */
async function storedLead(leadId: string, accessToken: string): Promise<unknown> {
  const response = await fetch(`${e2e.site.url}/api/leads/${leadId}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.status).toBe(200);
  return jsonField(await response.json(), 'data');
}

/** The firm's "Nuevo lead" notifications for this person: one per lead the server created. */
async function leadNotifications(person: Person): Promise<MailboxMessage[]> {
  const messages = await readMailbox(e2e.site);
  return messages.filter((message) =>
    message.asunto.startsWith(`Nuevo lead: ${person.nombre} ${person.apellidos} (`),
  );
}

async function waitForNotifications(person: Person, count: number): Promise<MailboxMessage[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = await leadNotifications(person);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** Checks the page fits a 320 px screen without scrolling sideways. */
async function expectNoHorizontalScroll(page: Page) {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 320, height: viewport?.height ?? 800 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  if (viewport !== null) await page.setViewportSize(viewport);
}

interface FirstSightWindow {
  focusAtFirstSight?: Promise<string>;
}

/**
 * Starts watching for a heading with this text and answers, once the watch is in place, how to
 * read what had the focus at the very moment it entered the page (observed as the DOM changes,
 * before anything else can run), as "tag: text". Waiting for the watch before pressing the key
 * that shows the heading keeps a busy machine from showing it before anyone looks.
 */
async function watchFocusAtFirstSight(
  page: Page,
  headingText: string,
): Promise<() => Promise<string>> {
  await page.evaluate((text) => {
    (window as FirstSightWindow).focusAtFirstSight = new Promise<string>((resolve, reject) => {
      // A step that never shows fails here, naming the heading, instead of at the test's limit.
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`El encabezado «${text}» no apareció en 20 s`));
      }, 20_000);
      const observer = new MutationObserver(() => {
        const shown = [...document.querySelectorAll('h1')].some(
          (h1) => h1.textContent.trim() === text,
        );
        if (!shown) return;
        observer.disconnect();
        clearTimeout(timer);
        const active = document.activeElement;
        resolve(`${active?.tagName.toLowerCase() ?? ''}: ${active?.textContent.trim() ?? ''}`);
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, headingText);
  return () =>
    page.evaluate(
      () =>
        (window as FirstSightWindow).focusAtFirstSight ??
        Promise.reject(new Error('Nadie miraba el encabezado')),
    );
}

async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return `${active?.tagName.toLowerCase() ?? ''}: ${active?.textContent.trim() ?? ''}`;
  });
}

describe('the simulator', () => {
  it('takes someone who qualifies to the pass page, stores the lead as the server classifies it, and opens the private area', async () => {
    const person = newPerson('Lucía');
    const { page, context, errors } = await openPage(e2e.browser, e2e.site);

    await openSimulator(page);
    await expectStep(page, 1, PRICE);
    await expectNoAxeViolations(page);
    await answer(page, PRICE, 'Sí');
    await expectStep(page, 2, HOME);
    await answer(page, HOME, 'Sí');
    await expectStep(page, 3, SIGNED);
    await answer(page, SIGNED, 'Sí');
    await expectStep(page, 4, INSTALMENT);
    await expectNoAxeViolations(page);
    await typeAmount(page, INSTALMENT, '1.000');
    await expectStep(page, 5, INCOME);
    await typeAmount(page, INCOME, '1.800');
    await expectStep(page, 6, CONTACT);
    await fillContact(page, person);

    const submit = page.getByRole('button', { name: 'Ver resultado' });
    expect(await submit.isDisabled()).toBe(true);
    await page
      .getByText('Para ver tu resultado, marca antes la casilla de la política de privacidad.')
      .waitFor();
    const privacyLink = page.getByRole('link', { name: /política de privacidad/ });
    expect(await privacyLink.getAttribute('href')).toBe('/politica-privacidad');
    expect(await privacyLink.getAttribute('target')).toBe('_blank');
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    await page.getByRole('checkbox', { name: /política de privacidad/ }).check();
    const posted = leadPosted(page);
    await submit.click();
    const leadAnswer = (await (await posted).json()) as unknown;

    await page.waitForURL('**/cumple-requisitos');
    await heading(page, '¡Enhorabuena, Lucía! Cumples todos los requisitos').waitFor();
    const main = page.getByRole('main');
    // 1.000 × 100 / 1.800 = 55,555… → "55,56 %": the permanent 2012 code
    for (const text of ['1.000,00\u00a0€', '1.800,00\u00a0€', '55,56\u00a0%', 'próximas horas']) {
      await main.getByText(text).first().waitFor();
    }
    await main
      .getByText(/puedes acogerte al Código de Buenas Prácticas de 2012 para rebajar la cuota/)
      .waitFor();
    await page.getByRole('heading', { name: 'Lo que comprobaremos contigo', level: 2 }).waitFor();
    // Five questions cannot tell the circumstances of special vulnerability: the page says so.
    await main.getByText(/o deudor mayor de 60 años\)\.$/).waitFor();
    await main
      .getByText(/te las preguntaremos en tu área privada, al calcular tu nueva cuota/)
      .waitFor();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    const leadId = jsonText(leadAnswer, 'data', 'id');
    const accessToken = jsonText(leadAnswer, 'session', 'access_token');
    const lead = await storedLead(leadId, accessToken);
    expect(lead).toMatchObject({
      nombre: 'Lucía',
      telefono: '612345678',
      email: person.correo,
      fase_comercial: 'Nuevo',
      estado: 'Nuevo',
      tipocbp: 'carencia2o5',
      cumpleRequisitos: true,
    });
    // The server's own share, stored only when it classified the lead from the answers,
    // rounded to the two decimals every screen shows (55,56 %).
    expect(jsonField(lead, 'porcentajeCuota')).toBe(55.56);

    await expect
      .poll(() => storedSession(page))
      .toMatchObject({ leadId, auth_token: accessToken, accessToken, userEmail: person.correo });
    expect(await page.evaluate(() => window.sessionStorage.getItem('cbp:simulador'))).toBeNull();

    // A reload, and a later visit from the address bar (no navigation state), show the same
    // result: the server has it, and this browser keeps the lead's session.
    await page.reload();
    await heading(page, '¡Enhorabuena, Lucía! Cumples todos los requisitos').waitFor();
    await main.getByText('55,56\u00a0%').waitFor();
    await gotoHydrated(page, '/');
    await page.goto('/cumple-requisitos');
    await heading(page, '¡Enhorabuena, Lucía! Cumples todos los requisitos').waitFor();
    await main.getByText('1.800,00\u00a0€').waitFor();
    await main.getByText(/puedes acogerte al Código de Buenas Prácticas de 2012/).waitFor();
    expect(page.url()).toMatch(/\/cumple-requisitos$/);

    await page.getByRole('button', { name: 'Ir a mi área privada' }).click();
    await page.waitForURL('**/app');
    await heading(page, 'Simulador Código de Buenas Prácticas').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells someone who does not live in the home why they do not qualify, offers the other services, and stores the lead as "No tiene perfil"', async () => {
    const person = newPerson('Marta');
    const { page, context, errors } = await openPage(e2e.browser, e2e.site);

    await answerEverything(page, {
      home: 'No',
      instalment: '1.000,00',
      income: '1800',
      person,
    });
    const posted = leadPosted(page);
    await page.getByRole('button', { name: 'Ver resultado' }).click();
    const leadAnswer = (await (await posted).json()) as unknown;

    await page.waitForURL('**/no-cumple-requisitos');
    await heading(page, 'Lo sentimos, Marta').waitFor();
    const main = page.getByRole('main');
    await main.getByText('La hipoteca es sobre tu vivienda habitual.').waitFor();
    // 55,56 % is above half the income: the share is not a reason here
    expect(await main.getByText(/La cuota supera/).count()).toBe(0);
    await main.getByText(/Puede que tu banco te deba 3\.000\s€ en gastos de hipoteca/).waitFor();
    const claim = main.getByRole('link', { name: 'Ver si puedes reclamar' });
    const info = main.getByRole('link', { name: 'Más información' });
    for (const link of [claim, info]) {
      const href = (await link.getAttribute('href')) ?? '';
      expect(href).toMatch(/^mailto:[^?]+@[^?]+\?subject=/);
      expect(decodeURIComponent(href)).toContain(`Me llamo Marta ${person.apellidos}.`);
    }
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    const leadId = jsonText(leadAnswer, 'data', 'id');
    const accessToken = jsonText(leadAnswer, 'session', 'access_token');
    expect(await storedLead(leadId, accessToken)).toMatchObject({
      fase_comercial: 'No tiene perfil',
      estado: 'Nuevo',
      tipocbp: 'carencia2o5',
      cumpleRequisitos: false,
    });
    // The fail page has no session to keep.
    expect((await storedSession(page)).accessToken).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('does not say "cumples" on the strength of the closed 2022 code, and says when it closed', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site);
    await answerEverything(page, {
      instalment: '650',
      income: '1.800',
      person: newPerson('Pablo'),
    });
    await page.getByRole('button', { name: 'Ver resultado' }).click();

    await page.waitForURL('**/no-cumple-requisitos');
    const main = page.getByRole('main');
    // 650 × 100 / 1.800 = 36,11 %: above the 2022 code's 30 %, below the 2012 code's 50 %
    await main
      .getByText(
        /^La cuota supera el 50\s% de los ingresos netos de la unidad familiar \(el 40\s% en casos de discapacidad o dependencia\): ahora es el 36,11\s%\.$/,
      )
      .waitFor();
    await main
      .getByText(
        /habrías podido acogerte al Código de Buenas Prácticas de 2022, pero el plazo para pedirlo terminó el 24 de noviembre de 2025/,
      )
      .waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('keeps every answer through a reload and when going back, and says what is wrong with an answer', async () => {
    const { page, context, errors } = await openPage(e2e.browser, e2e.site);
    await openSimulator(page);
    await answer(page, PRICE, 'Sí');
    await answer(page, HOME, 'No');
    await expectStep(page, 3, SIGNED);

    await page.reload();
    await expectStep(page, 3, SIGNED);

    await page.getByRole('button', { name: 'Atrás' }).click();
    await expectStep(page, 2, HOME);
    expect(
      await page.getByRole('button', { name: 'No', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    await answer(page, HOME, 'Sí');
    await answer(page, SIGNED, 'Sí');

    // 'Siguiente' with nothing typed explains instead of doing nothing.
    await heading(page, INSTALMENT).waitFor();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
    await summary
      .getByRole('link', { name: 'Introduce la cuota mensual de tu hipoteca' })
      .waitFor();
    await expectStep(page, 4, INSTALMENT);

    const instalment = page.getByRole('textbox', { name: INSTALMENT });
    await instalment.fill('seiscientos');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await summary.getByRole('link', { name: 'La cuota mensual debe ser un número' }).waitFor();

    await instalment.fill('1.234,5');
    await page.reload();
    await expectStep(page, 4, INSTALMENT);
    expect(await page.getByRole('textbox', { name: INSTALMENT }).inputValue()).toBe('1.234,5');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await typeAmount(page, INCOME, '3.000');

    await fillContact(page, { ...newPerson('Ana'), telefono: '12345' });
    await page.getByRole('checkbox', { name: /política de privacidad/ }).check();
    await page.getByRole('button', { name: 'Ver resultado' }).click();
    await summary
      .getByRole('link', { name: 'Introduce un teléfono español válido (9 dígitos)' })
      .click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contacto-telefono');

    await page.reload();
    await heading(page, CONTACT).waitFor();
    expect(await page.getByLabel('Nombre', { exact: true }).inputValue()).toBe('Ana');
    expect(await page.getByLabel('Teléfono').inputValue()).toBe('12345');
    expect(await page.getByRole('checkbox', { name: /política de privacidad/ }).isChecked()).toBe(
      true,
    );

    // The browser's back button goes to the previous question too, with its answer kept.
    await page.goBack();
    await expectStep(page, 5, INCOME);
    expect(await page.getByRole('textbox', { name: INCOME }).inputValue()).toBe('3.000,00');
    expect(errors).toEqual([]);
    await context.close();
  });

  // Each Tab is a key press and a look at the focus: about a hundred round trips in all, which a
  // loaded machine makes slower than the default minute.
  it(
    'can be completed with the keyboard alone, focus following each new question',
    async () => {
      const person = newPerson('Jorge');
      const { page, context, errors } = await openPage(e2e.browser, e2e.site);
      const keyboard = page.keyboard;
      // The cookie banner stays: it covers part of the screen, not the keyboard's way.
      await gotoHydrated(page, '/simulador');
      await heading(page, PRICE).waitFor();

      /** Tabs forward until the focused element's text or label matches. */
      async function tabTo(name: string | RegExp) {
        for (let presses = 0; presses < 40; presses += 1) {
          await keyboard.press('Tab');
          const label = await page.evaluate(() => {
            const active = document.activeElement;
            if (!(active instanceof HTMLElement)) return '';
            // Inputs and buttons are named by their <label>.
            const labelled =
              active instanceof HTMLInputElement || active instanceof HTMLButtonElement
                ? active.labels?.[0]?.textContent
                : null;
            return (labelled ?? active.getAttribute('aria-label') ?? active.textContent).trim();
          });
          if (typeof name === 'string' ? label === name : name.test(label)) return;
        }
        throw new Error(`No se llega con el tabulador a ${String(name)}`);
      }

      for (const [question, next] of [
        [PRICE, HOME],
        [HOME, SIGNED],
        [SIGNED, INSTALMENT],
      ] as const) {
        await heading(page, question).waitFor();
        await tabTo('Sí');
        await keyboard.press('Enter');
        await heading(page, next).waitFor();
        expect(await focusedText(page)).toMatch(/^(h1|label): /);
      }
      expect(await focusedText(page)).toContain(INSTALMENT);
      await tabTo(INSTALMENT);
      await keyboard.type('1000');
      // Whatever is typed once the next question shows must reach it: the focus is on its
      // heading by the time it is on the screen, not a moment later.
      const focusWhenShown = await watchFocusAtFirstSight(page, INCOME);
      await keyboard.press('Enter');
      expect(await focusWhenShown()).toBe(`h1: ${INCOME}`);
      await heading(page, INCOME).waitFor();
      await tabTo(INCOME);
      await keyboard.type('1.800');
      await keyboard.press('Enter');

      await heading(page, CONTACT).waitFor();
      expect(await focusedText(page)).toBe(`h1: ${CONTACT}`);
      for (const [label, value] of [
        ['Nombre', person.nombre],
        ['Apellidos', person.apellidos],
        ['Correo electrónico', person.correo],
        ['Teléfono', person.telefono],
      ] as const) {
        await tabTo(new RegExp(`^${label}`));
        await keyboard.type(value);
      }
      await tabTo(/^He leído y acepto/);
      await keyboard.press('Space');
      await tabTo('Ver resultado');
      await keyboard.press('Enter');

      await page.waitForURL('**/cumple-requisitos');
      await heading(page, /¡Enhorabuena, Jorge!/).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
    KEYBOARD_JOURNEY_TIMEOUT_MS,
  );

  it('shows the error view while the API is down and, once it is back, retries without retyping and stores exactly one lead', async () => {
    const person = newPerson('Elena');
    const { page, context } = await openPage(e2e.browser, e2e.site);
    await answerEverything(page, { instalment: '900', income: '1.500', person });

    await e2e.site.pause();
    try {
      await page.getByRole('button', { name: 'Ver resultado' }).click();
      await heading(page, 'Ha ocurrido un error').waitFor();
      await page
        .getByRole('alert')
        .getByText(/^No se pudo conectar con el servidor/)
        .waitFor();
    } finally {
      await e2e.site.resume();
    }

    // Back up, but the answer to the first attempt that reaches it is lost on the way back:
    // the server has stored the lead, the browser never heard.
    let answerLost: (leadId: string) => void = () => undefined;
    const lostLeadId = new Promise<string>((resolve) => {
      answerLost = resolve;
    });
    await page.route('**/api/leads', async (route) => {
      const response = await route.fetch();
      const leadId = jsonText(await response.json(), 'data', 'id');
      await route.abort('connectionreset');
      answerLost(leadId);
    });
    await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
    const firstLeadId = await lostLeadId;
    await heading(page, 'Ha ocurrido un error').waitFor();
    await page.unroute('**/api/leads');

    const posted = leadPosted(page);
    await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
    expect((await posted).headers()['idempotent-replayed']).toBe('true');
    await page.waitForURL('**/cumple-requisitos');
    // 900 × 100 / 1.500 = 60 % → carencia2o5
    await page.getByRole('main').getByText('60,00\u00a0%').first().waitFor();
    await expect.poll(async () => (await storedSession(page)).leadId).toBe(firstLeadId);

    const notifications = await waitForNotifications(person, 1);
    // Give a second notification the time it would need to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await leadNotifications(person)).toHaveLength(1);
    expect(notifications[0]?.texto).toContain('Medida según el simulador: Carencia de 2 o 5 años');
    await context.close();
  });

  it('says it cannot load the next step when its code does not arrive, and goes on once it does', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site);
    // The steps after the first question load once the person starts; here the connection
    // drops before they arrive.
    await page.route('**/assets/later-steps-*.js', (route) => route.abort('internetdisconnected'));
    await openSimulator(page);
    await answer(page, PRICE, 'Sí');
    await answer(page, HOME, 'Sí');
    await answer(page, SIGNED, 'Sí');
    await heading(page, 'No hemos podido cargar este paso').waitFor();
    await page
      .getByRole('alert')
      .getByText(/^Comprueba tu conexión/)
      .waitFor();
    await expect.poll(() => focusedText(page)).toBe('h1: No hemos podido cargar este paso');

    await page.unroute('**/assets/later-steps-*.js');
    await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await expectStep(page, 4, INSTALMENT);
    await typeAmount(page, INSTALMENT, '900');
    await typeAmount(page, INCOME, '1.500');
    await fillContact(page, newPerson('Sara'));
    await page.getByRole('checkbox', { name: /política de privacidad/ }).check();
    await page.getByRole('button', { name: 'Ver resultado' }).click();
    await page.waitForURL('**/cumple-requisitos');
    await heading(page, /¡Enhorabuena, Sara!/).waitFor();
    await context.close();
  });

  it('asks for a reload when a newer version replaced the next step, and keeps every answer through it', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site);
    // After a deploy the old page still names the old file, which the server no longer has.
    await page.route('**/assets/later-steps-*.js', (route) =>
      route.fulfill({ status: 404, contentType: 'text/html', body: '<!doctype html>' }),
    );
    await openSimulator(page);
    await answer(page, PRICE, 'Sí');
    await answer(page, HOME, 'No');
    await answer(page, SIGNED, 'Sí');
    await page
      .getByRole('alert')
      .getByText(/^Hemos actualizado la web mientras la usabas/)
      .waitFor();

    await page.unroute('**/assets/later-steps-*.js');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await reloaded;
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expectStep(page, 4, INSTALMENT);
    await page.getByRole('button', { name: 'Atrás' }).click();
    await page.getByRole('button', { name: 'Atrás' }).click();
    await heading(page, HOME).waitFor();
    expect(
      await page.getByRole('button', { name: 'No', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    await context.close();
  });

  it.each([
    ['/cumple-requisitos', /En este navegador no hay ninguna sesión abierta/],
    ['/no-cumple-requisitos', /tus respuestas no se guardan en el navegador/],
  ])(
    'tells a visit to %s without a result why there is none, and offers the simulator',
    async (path, reason) => {
      const { page, context, errors } = await openPage(e2e.browser, e2e.site);
      await page.goto(path);
      await heading(page, 'No podemos mostrarte tu resultado aquí').waitFor();
      await page.getByRole('main').getByText(reason).waitFor();
      expect(page.url()).toMatch(new RegExp(`${path}$`));
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Volver a hacer el simulador' }).click();
      await page.waitForURL('**/simulador');
      await heading(page, PRICE).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each([
    ['/cumple-requisitos', /En este navegador no hay ninguna sesión abierta/],
    ['/no-cumple-requisitos', /tus respuestas no se guardan en el navegador/],
  ])('says on %s why there is no result before its code arrives', async (path, reason) => {
    const { page, context } = await openPage(e2e.browser, e2e.site);
    // The page's modules never arrive: what shows is its prerendered HTML and inline script.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(path);
    await heading(page, 'No podemos mostrarte tu resultado aquí').waitFor();
    await page.getByRole('main').getByText(reason).waitFor();
    expect(await page.getByText('Cargando tu resultado...').isVisible()).toBe(false);
    await context.close();
  });

  it('waits for its code on /cumple-requisitos when a stored session may bring the result back', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site);
    await context.addInitScript(() => {
      window.localStorage.setItem('refreshToken', 'guardado-en-otra-visita');
    });
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/cumple-requisitos');
    await page.getByText('Cargando tu resultado...').waitFor();
    expect(await heading(page, 'No podemos mostrarte tu resultado aquí').isVisible()).toBe(false);
    await context.close();
  });
});
