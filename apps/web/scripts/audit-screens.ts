/**
 * The screen audit: `pnpm audit:screens` (outside `pnpm test`; about ten minutes).
 *
 * Starts the real server on a temporary database (the end-to-end harness), seeds three cases
 * through the real API and walks every screen of /app (for each case) and of /gestion, at 375 and
 * 1280 px. For each screen it keeps a full-page screenshot and the visible text in
 * `apps/web/.audit/` (ignored by git), runs axe, measures horizontal overflow, follows every
 * internal link (the page must exist, and so must the anchor), and lists soft findings in the
 * text: the spec's sample figures, providers' names, raw identifiers, English words, and the words
 * each screen uses for a state. `informe.md` sums it up per screen.
 *
 * Fails (exit code 1) only on hard failures: axe violations, overflow, broken links.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { DECLARATION_PATH, declarationResponseSchema, submissionResponseSchema } from '@cbp/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import {
  type AuditCase,
  CASES,
  CLIENT_SCREENS,
  REVIEW,
  type SeededCase,
  STAFF_SCREENS,
} from './audit-cases';
import { stateWordsIn, textFindings } from './audit-findings';
import { hardFailures, type LinkCheck, report, type ScreenRecord } from './audit-report';
import { axeViolations } from '../e2e/accessibility';
import { clientApi, expectOk } from '../e2e/client-api';
import {
  apiLogin,
  createAccount,
  DESKTOP_VIEWPORT,
  MOBILE_VIEWPORT,
  type OpenedPage,
  openPage,
  signIn,
  staffAdmin,
  startForThisFile,
  waitForMail,
} from '../e2e/harness';

const OUTPUT_DIR = fileURLToPath(new URL('../.audit/', import.meta.url));
const WIDTHS = [MOBILE_VIEWPORT, DESKTOP_VIEWPORT] as const;

const ADMIN_EMAIL = 'auditoria.admin@despacho.es';
const ADMIN_PASSWORD = 'clave-de-la-auditoria-2026';

const e2e = startForThisFile({ env: { STAFF_ADMIN_EMAIL: ADMIN_EMAIL } });
const { call, payInSandbox, finalizeReview, uploadWhatIsAsked } = clientApi(e2e);

async function signDeclaration(token: string) {
  const answer = await call(token, 'GET', DECLARATION_PATH);
  expectOk(answer, `GET ${DECLARATION_PATH}`);
  const { huella } = declarationResponseSchema.parse(answer.body).data;
  expectOk(
    await call(token, 'POST', DECLARATION_PATH, {
      firma: { tipo: 'escrita', nombre: 'Lucía García Pérez' },
      huella,
    }),
    `POST ${DECLARATION_PATH}`,
    201,
  );
}

async function sendTheFile(token: string) {
  const sent = await call(token, 'POST', '/api/expediente/envio');
  expect([200, 202], JSON.stringify(sent.body)).toContain(sent.status);
  await expect
    .poll(
      async () => {
        const answer = await call(token, 'GET', '/api/expediente/envio');
        return submissionResponseSchema.parse(answer.body).data.estado;
      },
      { timeout: 120_000, interval: 1000 },
    )
    .toBe('enviado');
}

async function seed(auditCase: AuditCase): Promise<SeededCase> {
  const account = await createAccount(e2e.site);
  const { accessToken } = await apiLogin(e2e.site, account);
  expectOk(
    await call(accessToken, 'POST', '/api/calculations', auditCase.calculation),
    'POST /api/calculations',
    201,
  );
  if (auditCase.sendsTheFile) {
    await finalizeReview(accessToken, REVIEW);
    await uploadWhatIsAsked(accessToken);
    await payInSandbox(accessToken, account);
    await signDeclaration(accessToken);
    await sendTheFile(accessToken);
  }
  return { ...auditCase, account };
}

// ---------------------------------------------------------------------------------------------
// Looking at a screen

const NON_REACT = /^\/(?:api|sandbox|dev)\//;

function relative(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** Waits until the screen has read what it needs: hydrated, network quiet, nothing busy. */
async function settle(page: Page, pathname: string) {
  if (!NON_REACT.test(pathname)) {
    await page
      .locator('html[data-hydrated]')
      .waitFor({ state: 'attached', timeout: 15_000 })
      .catch(() => undefined);
  }
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

async function headingOf(page: Page): Promise<string> {
  const first = page.locator('h1').first();
  return (await first.count()) > 0 ? (await first.innerText()).trim() : '';
}

async function anchorExists(page: Page, hash: string): Promise<boolean> {
  const id = decodeURIComponent(hash.slice(1));
  if (id === '') return true;
  return page.evaluate((target) => document.getElementById(target) !== null, id);
}

/** Follows one internal link in the same tab (the session's tokens stay with one tab). */
async function followLink(page: Page, href: string): Promise<Omit<LinkCheck, 'text'>> {
  const target = new URL(href);
  if (target.pathname.startsWith('/api/')) {
    const status = await page.evaluate(async (url) => {
      const token = window.localStorage.getItem('accessToken');
      const response = await fetch(url, {
        headers: token === null ? {} : { authorization: `Bearer ${token}` },
      });
      return response.status;
    }, href);
    return {
      href: relative(href),
      landedAt: `${relative(href)} (${String(status)})`,
      broken: status >= 400 ? `responde ${String(status)}` : null,
      elsewhere: false,
    };
  }
  let status = 0;
  try {
    const response = await page.goto(href);
    status = response?.status() ?? 0;
  } catch (error) {
    return {
      href: relative(href),
      landedAt: '—',
      broken: error instanceof Error ? (error.message.split('\n')[0] ?? 'error') : 'error',
      elsewhere: false,
    };
  }
  await settle(page, target.pathname);
  const landed = new URL(page.url());
  const heading = await headingOf(page);
  let broken: string | null = null;
  if (status >= 400) broken = `responde ${String(status)}`;
  else if (/no encontrada/i.test(heading)) broken = `«${heading}»`;
  else if (target.hash !== '' && !(await anchorExists(page, target.hash))) {
    broken = `no existe el ancla ${target.hash}`;
  }
  return {
    href: relative(href),
    landedAt: relative(page.url()),
    broken,
    elsewhere: landed.pathname !== target.pathname,
  };
}

interface Walker {
  caseKey: string;
  opened: OpenedPage;
  /** Links already followed in this session, by address. */
  followed: Map<string, Omit<LinkCheck, 'text'>>;
}

/**
 * Three or more links of the main content with different words that all go to one address
 * (with no anchor): each promises its own thing, and none lands on it.
 */
function sharedTargets(links: readonly { text: string; href: string }[]): string[] {
  const textsByTarget = new Map<string, Set<string>>();
  for (const link of links) {
    if (new URL(link.href).hash !== '') continue;
    textsByTarget.set(link.href, (textsByTarget.get(link.href) ?? new Set()).add(link.text));
  }
  return [...textsByTarget]
    .filter(([, texts]) => texts.size >= 3)
    .map(
      ([href, texts]) =>
        `${String(texts.size)} enlaces distintos llevan a ${relative(href)} sin ancla: ${[...texts]
          .slice(0, 4)
          .map((text) => `«${text}»`)
          .join(', ')}${texts.size > 4 ? '…' : ''}`,
    );
}

function slug(route: string): string {
  const cleaned = route.replace(/^\//, '').replace(/[^a-z0-9-]+/gi, '_');
  return cleaned === '' ? 'inicio' : cleaned;
}

interface ScreenOptions {
  /** The files' name; from the route by default. */
  name?: string;
  /** How the report names the screen; the route by default. */
  label?: string;
  /** Something to do once the screen is ready (open the menu) before looking at it. */
  prepare?: (page: Page) => Promise<void>;
  /** The screen shows the rule table itself: its figures are no sample. */
  ruleTable?: boolean;
}

async function auditScreen(
  walker: Walker,
  route: string,
  viewport: { width: number; height: number },
  options: ScreenOptions = {},
): Promise<ScreenRecord> {
  const name = options.name ?? slug(route);
  const label = options.label ?? route;
  const { page, errors } = walker.opened;
  const errorsBefore = errors.length;
  await page.setViewportSize(viewport);
  await page.goto(route);
  await settle(page, new URL(route, page.url()).pathname);
  if (options.prepare !== undefined) {
    await options.prepare(page);
    await page.waitForTimeout(300);
  }
  const landedAt = relative(page.url());
  const heading = await headingOf(page);

  const folder = path.join(OUTPUT_DIR, walker.caseKey, String(viewport.width));
  await mkdir(folder, { recursive: true });
  const screenshot = path.join(folder, `${name}.png`);
  const textFile = path.join(folder, `${name}.txt`);
  await page.screenshot({ path: screenshot, fullPage: true });
  const text = await page.locator('body').innerText();
  await writeFile(textFile, `${landedAt}\n\n${text}\n`);

  const axe = await axeViolations(page);
  const overflow = await page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return null;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return (
          box.width > 0 &&
          box.right > width + 1 &&
          [...element.children].every((child) => child.getBoundingClientRect().right <= width + 1)
        );
      })
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()} «${element.textContent.trim().slice(0, 50)}»`,
      );
    return { scrollWidth, culprits };
  });

  const anchors = await page.evaluate(() =>
    [...document.querySelectorAll('a[href]')].map((anchor) => ({
      text: (anchor.getAttribute('aria-label') ?? (anchor as HTMLElement).innerText)
        .trim()
        .replace(/\s+/g, ' '),
      href: (anchor as HTMLAnchorElement).href,
    })),
  );
  const mainLinks = await page.evaluate(() =>
    [...document.querySelectorAll('main a[href]')].map((anchor) => ({
      text: (anchor.getAttribute('aria-label') ?? (anchor as HTMLElement).innerText)
        .trim()
        .replace(/\s+/g, ' '),
      href: (anchor as HTMLAnchorElement).href,
    })),
  );
  const origin = new URL(page.url()).origin;
  const here = new URL(page.url());
  const internal = anchors.filter((anchor) => anchor.href.startsWith(`${origin}/`));
  const external = [
    ...new Set(anchors.filter((anchor) => !anchor.href.startsWith(`${origin}/`))),
  ].map((anchor) => `${anchor.text} → ${anchor.href}`);

  // Anchors on this very page are checked here; the others by following them afterwards.
  const links: LinkCheck[] = [];
  const toFollow: { text: string; href: string }[] = [];
  for (const anchor of internal) {
    const target = new URL(anchor.href);
    if (target.pathname === here.pathname && target.search === here.search && target.hash !== '') {
      const exists = await anchorExists(page, target.hash);
      links.push({
        text: anchor.text,
        href: relative(anchor.href),
        landedAt: relative(anchor.href),
        broken: exists ? null : `no existe el ancla ${target.hash}`,
        elsewhere: false,
      });
    } else {
      toFollow.push(anchor);
    }
  }
  for (const anchor of toFollow) {
    let result = walker.followed.get(anchor.href);
    if (result === undefined) {
      result = await followLink(page, anchor.href);
      walker.followed.set(anchor.href, result);
    }
    links.push({ text: anchor.text, ...result });
  }

  return {
    caseKey: walker.caseKey,
    route: label,
    width: viewport.width,
    landedAt: label === route ? landedAt : label,
    heading,
    screenshot: path.relative(OUTPUT_DIR, screenshot),
    textFile: path.relative(OUTPUT_DIR, textFile),
    axe,
    overflow,
    links,
    external,
    findings: textFindings(text, { ruleTable: options.ruleTable === true }),
    sharedTargets: sharedTargets(mainLinks),
    stateWords: stateWordsIn(text),
    pageErrors: errors.slice(errorsBefore),
  };
}

// ---------------------------------------------------------------------------------------------
// The walk

describe('auditoría de pantallas', () => {
  it('recorre cada pantalla de /app y /gestion con los tres casos, a 375 y 1280 px', async () => {
    await rm(OUTPUT_DIR, { recursive: true, force: true });
    await mkdir(OUTPUT_DIR, { recursive: true });
    const records: ScreenRecord[] = [];
    const cases: SeededCase[] = [];
    for (const auditCase of CASES) cases.push(await seed(auditCase));

    for (const seeded of cases) {
      const opened = await openPage(e2e.browser, e2e.site, { viewport: MOBILE_VIEWPORT });
      await signIn(opened.page, seeded.account);
      const walker: Walker = { caseKey: seeded.key, opened, followed: new Map() };
      for (const viewport of WIDTHS) {
        for (const route of CLIENT_SCREENS) {
          records.push(await auditScreen(walker, route, viewport));
        }
      }
      // On a phone the task list, with each task's state, is behind the menu button.
      records.push(
        await auditScreen(walker, '/app', MOBILE_VIEWPORT, {
          name: 'app_menu',
          label: '/app (menú abierto)',
          prepare: async (page) => {
            await page.getByRole('button', { name: 'Menú' }).click();
          },
        }),
      );
      await opened.context.close();
    }

    const opened = await openPage(e2e.browser, e2e.site, { viewport: MOBILE_VIEWPORT });
    const walker: Walker = { caseKey: 'despacho', opened, followed: new Map() };
    const invitation = await waitForMail(e2e.site, ADMIN_EMAIL, {
      matching: (message) => message.enlaces.some((url) => url.includes('/gestion/activar#')),
      timeoutMs: 20_000,
    });
    const activation = relative(
      invitation.enlaces.find((url) => url.includes('/gestion/activar#')) ?? '',
    );
    for (const viewport of WIDTHS) {
      records.push(await auditScreen(walker, '/gestion/login', viewport));
      records.push(
        await auditScreen(walker, activation, viewport, {
          name: 'gestion_activar',
          label: '/gestion/activar#(enlace de la invitación)',
        }),
      );
    }
    await staffAdmin(e2e, ADMIN_EMAIL, ADMIN_PASSWORD)(opened.page);
    for (const viewport of WIDTHS) {
      for (const route of STAFF_SCREENS) {
        records.push(
          await auditScreen(walker, route, viewport, { ruleTable: route === '/gestion/indices' }),
        );
      }
      for (const seeded of cases) {
        records.push(
          await auditScreen(walker, `/gestion/leads/${seeded.account.leadId}`, viewport, {
            name: `gestion_lead_${seeded.key}`,
            label: `/gestion/leads/:id (caso ${seeded.key})`,
          }),
        );
      }
    }
    await opened.context.close();

    const summary = report(cases, records);
    await writeFile(path.join(OUTPUT_DIR, 'informe.md'), summary);
    process.stdout.write(`\nInforme: ${path.join(OUTPUT_DIR, 'informe.md')}\n`);
    expect(records.flatMap(hardFailures), 'fallos graves (ver .audit/informe.md)').toEqual([]);
  });
});
