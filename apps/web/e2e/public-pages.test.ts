/**
 * The public pages in real Chromium against the built site and the real API: accessibility
 * (axe, WCAG 2.2 AA) at 375 and 1280 px, no sideways scrolling at 320 px, the keyboard, the
 * cookie consent, and no request to a third party before consent and a click.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { PUBLIC_PAGES } from '../app/config/public-routes';
import { CONSENT_STORAGE_KEY, CONSENT_VERSION } from '../app/lib/consent/record';
import { DESKTOP_VIEWPORT, MOBILE_VIEWPORT, openPage, startForThisFile } from './harness';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Result pages send a visit without the simulator's state back to /simulador. */
const PAGES = PUBLIC_PAGES.map((page) => page.path).filter(
  (path) => path !== '/cumple-requisitos' && path !== '/no-cumple-requisitos',
);

const e2e = startForThisFile();

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

async function axeViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_22_AA);
  if (include !== undefined) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

function banner(page: Page) {
  return page.getByRole('region', { name: 'Cookies en esta web' });
}

async function storedConsent(page: Page): Promise<unknown> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), CONSENT_STORAGE_KEY);
  return raw === null ? null : JSON.parse(raw);
}

function isThirdParty(url: string): boolean {
  const parsed = new URL(url);
  return (
    (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
    parsed.origin !== new URL(e2e.site.url).origin
  );
}

interface Sweep {
  axe: Record<string, string[]>;
  /** Pages wider than the 320 px screen, with their width. */
  wide: Record<string, number>;
  thirdPartyRequests: string[];
  errors: string[];
}

/**
 * Visits every public page once per viewport in a fresh browser (so the cookie banner shows
 * everywhere) and collects what the tests below check: axe violations, the page width at
 * 320 px, requests to other hosts and console errors. One pass keeps the suite short.
 */
async function sweep(viewport: { width: number; height: number }): Promise<Sweep> {
  const { page, context, errors } = await openPage(e2e.browser, e2e.site, { viewport });
  const result: Sweep = { axe: {}, wide: {}, thirdPartyRequests: [], errors };
  page.on('request', (request) => {
    if (isThirdParty(request.url())) result.thirdPartyRequests.push(request.url());
  });
  for (const path of PAGES) {
    await visit(page, path);
    const violations = await axeViolations(page);
    if (violations.length > 0) result.axe[path] = violations;
    if (viewport.width < DESKTOP_VIEWPORT.width) {
      await page.setViewportSize({ width: 320, height: 640 });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 320) result.wide[path] = width;
      await page.setViewportSize(viewport);
    } else {
      await page.mouse.wheel(0, 5_000);
    }
  }
  await context.close();
  return result;
}

describe('every public page', () => {
  let mobile: Sweep;
  let desktop: Sweep;

  beforeAll(async () => {
    mobile = await sweep(MOBILE_VIEWPORT);
    desktop = await sweep(DESKTOP_VIEWPORT);
  });

  it('has no axe violations (WCAG 2.2 AA) at 375 px, with the cookie banner showing', () => {
    expect(mobile.axe).toEqual({});
  });

  it('has no axe violations (WCAG 2.2 AA) at 1280 px, with the cookie banner showing', () => {
    expect(desktop.axe).toEqual({});
  });

  it('never scrolls sideways at 320 px', () => {
    expect(mobile.wide).toEqual({});
  });

  it('requests nothing from another host before consent', () => {
    expect([...mobile.thirdPartyRequests, ...desktop.thirdPartyRequests]).toEqual([]);
  });

  it('hydrates without errors or Content-Security-Policy violations', () => {
    expect([...mobile.errors, ...desktop.errors]).toEqual([]);
  });

  it('has no axe violations in the cookie settings, the open FAQ and an open legal section', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site);
    await visit(page, '/honorarios');
    await banner(page).getByRole('button', { name: 'Configurar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configuración de cookies' });
    await dialog.waitFor();
    expect(await axeViolations(page, '[data-slot="cookie-settings-dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Guardar preferencias' }).click();
    await banner(page).getByRole('button', { name: 'Ocultar este mensaje' }).click();

    await page.getByRole('button', { name: '¿Qué requisitos tengo que cumplir?' }).click();
    expect(await axeViolations(page)).toEqual([]);
    await visit(page, '/condiciones-generales');
    await page.getByRole('button', { name: 'Política de reembolso' }).click();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('loading', () => {
  it('paints the prerendered page before asking for any script, then hydrates', async () => {
    for (const path of ['/', '/simulador', '/honorarios']) {
      // A new context each time: nothing cached, every script requested over the network.
      const { page, context, errors } = await openPage(e2e.browser, e2e.site);
      await page.goto(path);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const timing = await page.evaluate(() => ({
        firstContentfulPaint:
          performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scriptRequests: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => entry.startTime),
      }));
      expect(timing.firstContentfulPaint, path).not.toBeNull();
      expect(timing.scriptRequests.length, path).toBeGreaterThan(0);
      const firstScript = Math.min(...timing.scriptRequests);
      expect(firstScript, path).toBeGreaterThanOrEqual(timing.firstContentfulPaint ?? Infinity);
      expect(errors, path).toEqual([]);
      await context.close();
    }
  });
});

describe('keyboard', () => {
  it('starts every page with a skip link that moves focus to the main content', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site, { viewport: DESKTOP_VIEWPORT });
    await visit(page, '/como-funciona');
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.textContent()).toMatch(/^Saltar al contenido/);
    expect(await focused.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contenido-principal');
    await page.keyboard.press('Tab');
    // Next stop: the hero's first action, inside the main content.
    expect(await page.locator(':focus').textContent()).toBe('Comenzar simulador');
    await context.close();
  });

  it('keeps one FAQ answer open at a time, and closes it when its question is pressed again', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site, { viewport: DESKTOP_VIEWPORT });
    await visit(page, '/honorarios');
    const faq = page.locator('[data-slot="faq"]');
    const questions = faq.getByRole('button');
    expect(await questions.count()).toBe(14);
    expect(await faq.getByRole('heading', { level: 3 }).count()).toBe(14);
    // Closed answers are in the HTML, hidden, so they are indexed and need no script to exist.
    expect(await faq.locator('[data-slot="accordion-content"][hidden]').count()).toBe(14);

    const first = questions.nth(0);
    const second = questions.nth(1);
    await first.focus();
    await page.keyboard.press('Enter');
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByText('conjunto de medidas para que las personas').isVisible()).toBe(
      true,
    );

    await second.focus();
    await page.keyboard.press('Space');
    expect(await second.getAttribute('aria-expanded')).toBe('true');
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    expect(await faq.locator('[data-state="open"][data-slot="accordion-item"]').count()).toBe(1);

    await page.keyboard.press('Enter');
    expect(await second.getAttribute('aria-expanded')).toBe('false');
    expect(await faq.locator('[data-state="open"][data-slot="accordion-item"]').count()).toBe(0);
    await context.close();
  });

  it('opens the FAQ question an address points to', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site);
    await visit(page, '/honorarios#plazo');
    const question = page.getByRole('button', { name: '¿Hasta cuándo puedo solicitarlo?' });
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });
});

describe('cookie consent', () => {
  it('offers accept, reject and configure with the same weight, and remembers a rejection', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site);
    await visit(page, '/');
    const region = banner(page);
    const buttons = [
      region.getByRole('button', { name: 'Aceptar todas' }),
      region.getByRole('button', { name: 'Rechazar todas' }),
      region.getByRole('button', { name: 'Configurar' }),
    ];
    const looks = await Promise.all(
      buttons.map(async (button) => ({
        variant: await button.getAttribute('data-variant'),
        size: await button.getAttribute('data-size'),
        height: (await button.boundingBox())?.height,
        visible: await button.isVisible(),
      })),
    );
    expect(new Set(looks.map((look) => JSON.stringify(look))).size).toBe(1);
    expect(looks[0]?.visible).toBe(true);

    await buttons[1]?.click();
    await region.getByText('Has rechazado las cookies que no son necesarias.').waitFor();
    const stored = (await storedConsent(page)) as {
      version: number;
      date: string;
      choices: unknown;
    };
    expect(stored.version).toBe(CONSENT_VERSION);
    expect(stored.choices).toEqual({ videos: false });
    expect(Date.now() - Date.parse(stored.date)).toBeLessThan(60_000);

    await region.getByRole('button', { name: 'Ocultar este mensaje' }).click();
    expect(await region.count()).toBe(0);
    await visit(page, '/como-funciona');
    expect(await banner(page).count()).toBe(0);
    // Rejected: the videos still ask for permission instead of showing a player.
    await visit(page, '/');
    expect(await page.getByRole('button', { name: 'Permitir vídeos de YouTube' }).count()).toBe(4);
    await context.close();
  });

  it('stores the categories chosen in the settings and reopens them from the cookies policy', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site);
    await visit(page, '/politica-cookies');
    await banner(page).getByRole('button', { name: 'Configurar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configuración de cookies' });
    const technical = dialog.getByRole('checkbox', { name: /Cookies técnicas/ });
    const videos = dialog.getByRole('checkbox', { name: /Vídeos de YouTube/ });
    expect(await technical.isDisabled()).toBe(true);
    expect(await technical.isChecked()).toBe(true);
    expect(await videos.isChecked()).toBe(false);
    await videos.click();
    await dialog.getByRole('button', { name: 'Guardar preferencias' }).click();
    expect(((await storedConsent(page)) as { choices: unknown }).choices).toEqual({ videos: true });
    await banner(page).getByRole('button', { name: 'Ocultar este mensaje' }).click();

    // Withdrawing is as easy: the page's own button reopens the settings with the choice made.
    await page.getByRole('main').getByRole('button', { name: 'Configurar cookies' }).click();
    await dialog.waitFor();
    expect(await videos.isChecked()).toBe(true);
    await videos.click();
    await dialog.getByRole('button', { name: 'Guardar preferencias' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(((await storedConsent(page)) as { choices: unknown }).choices).toEqual({
      videos: false,
    });
    await page.getByRole('status').filter({ hasText: 'Hemos guardado tus preferencias' }).waitFor({
      state: 'attached',
    });

    // A link to #configurar-cookies opens them too, from any page.
    await visit(page, '/aviso-legal#configurar-cookies');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // And again from the footer, once they were closed at that very address.
    await visit(page, '/politica-cookies#configurar-cookies');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Configurar cookies' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('asks again when the stored choice is older than its validity', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site);
    await visit(page, '/');
    const thirteenMonthsAgo = new Date();
    thirteenMonthsAgo.setMonth(thirteenMonthsAgo.getMonth() - 13);
    await page.evaluate(
      ([key, value]) => {
        window.localStorage.setItem(key, value);
      },
      [
        CONSENT_STORAGE_KEY,
        JSON.stringify({
          version: CONSENT_VERSION,
          date: thirteenMonthsAgo.toISOString(),
          choices: { videos: true },
        }),
      ] as const,
    );
    await visit(page, '/documentacion');
    await banner(page).getByRole('button', { name: 'Aceptar todas' }).waitFor();
    await context.close();
  });
});

describe('videos', () => {
  it('load from the video host only after consent and a click on play', async () => {
    const { page, context, errors } = await openPage(e2e.browser, e2e.site, {
      viewport: DESKTOP_VIEWPORT,
    });
    const seen: string[] = [];
    page.on('request', (request) => {
      if (isThirdParty(request.url())) seen.push(request.url());
    });
    // Nothing leaves this machine: a stand-in answers for the video host.
    await context.route(/youtube/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>vídeo</title>' }),
    );

    await visit(page, '/');
    expect(await page.locator('iframe').count()).toBe(0);
    await page.getByRole('button', { name: 'Permitir vídeos de YouTube' }).first().click();
    expect(((await storedConsent(page)) as { choices: unknown }).choices).toEqual({ videos: true });
    // Consent alone loads nothing: the player's poster waits for its play button.
    const play = page.getByRole('button', { name: /^Reproducir vídeo: / }).first();
    await play.waitFor();
    expect(await play.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.waitForTimeout(300);
    expect(seen).toEqual([]);
    expect(await page.locator('iframe').count()).toBe(0);

    await play.click();
    const frame = page.locator('iframe').first();
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/[^?]+\?rel=0&autoplay=1$/,
    );
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    for (const url of seen) expect(new URL(url).hostname).toBe('www.youtube-nocookie.com');
    // The page's policy frames the player: no violation.
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('structured data', () => {
  async function jsonLd(path: string): Promise<Record<string, unknown>[]> {
    const html = await (await fetch(`${e2e.site.url}${path}`)).text();
    return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
    );
  }

  it('describes the firm on the home page and the FAQ on the fees page, in the prerendered HTML', async () => {
    const [home] = await jsonLd('/');
    expect(home?.['@type']).toBe('LegalService');
    const [faq] = await jsonLd('/honorarios');
    expect(faq?.['@type']).toBe('FAQPage');
    expect(faq?.mainEntity).toHaveLength(14);
  });
});
