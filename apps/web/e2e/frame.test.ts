import { describe, expect, it } from 'vitest';

import { SITE } from '../app/config/site';
import { DESKTOP_VIEWPORT, gotoHydrated, openPage, startForThisFile } from './harness';

const e2e = startForThisFile();

describe('the public frame', () => {
  it('gives a phone the header behind a menu button, the footer, the call link and the band', async () => {
    const { page, context, errors } = await openPage(e2e.browser, e2e.site);
    await gotoHydrated(page, '/honorarios');

    const header = page.getByRole('banner');
    const menuButton = header.getByRole('button', { name: 'Abrir menú' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    const nav = header.getByRole('navigation', { name: 'Principal' });
    expect(await nav.isVisible()).toBe(false);

    await menuButton.click();
    expect(
      await header.getByRole('button', { name: 'Cerrar menú' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Inicio',
      'Cómo funciona',
      'Documentación',
      'Honorarios',
    ]);
    expect(await nav.getByRole('link', { name: 'Honorarios' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      await header.getByRole('link', { name: 'Comenzar simulador' }).getAttribute('href'),
    ).toBe('/simulador');
    expect(await header.getByRole('link', { name: 'Acceso clientes' }).getAttribute('href')).toBe(
      '/login',
    );

    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Producto',
      'Empresa',
      'Legal',
    ]);
    const digits = SITE.phone.replace(/\D/g, '');
    expect(
      await page.getByRole('link', { name: 'Llámanos', exact: true }).getAttribute('href'),
    ).toBe(`tel:${digits}`);

    await page.getByRole('heading', { level: 2, name: '¿Empezamos?' }).waitFor();
    expect(await page.getByRole('link', { name: 'Empieza ahora' }).getAttribute('href')).toBe(
      '/simulador',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hides header and footer on the sign-in pages, and hero and band on the simulator', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site);
    for (const path of ['/login', '/reset-password-request', '/reset-password']) {
      await gotoHydrated(page, path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('banner').count()).toBe(0);
      expect(await page.getByRole('contentinfo').count()).toBe(0);
    }
    await gotoHydrated(page, '/simulador');
    await page.getByRole('banner').waitFor();
    expect(await page.getByRole('link', { name: 'Llámanos', exact: true }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: '¿Empezamos?' }).count()).toBe(0);
    await context.close();
  });

  it('answers an unknown address with 404 and renders the not-found page without errors', async () => {
    const { page, context, errors } = await openPage(e2e.browser, e2e.site);
    const response = await gotoHydrated(page, '/esta-pagina-no-existe');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Página no encontrada' }).waitFor();
    await page.getByRole('banner').waitFor();
    expect(await page.title()).toBe(`Página no encontrada · ${SITE.name}`);
    // Chromium reports the document's own 404; anything else (a hydration mismatch) fails.
    expect(errors.filter((line) => !line.includes('404'))).toEqual([]);
    await context.close();
  });

  it('moves focus to the new page heading and announces its title after a client navigation', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site, { viewport: DESKTOP_VIEWPORT });
    await gotoHydrated(page, '/simulador');
    const documentLoads: string[] = [];
    page.on('load', () => documentLoads.push(page.url()));
    await page.getByRole('banner').getByRole('link', { name: 'Acceso clientes' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    const title = await page.title();
    expect(title).toMatch(/^Acceso/);
    await page.getByRole('status').filter({ hasText: title }).waitFor({ state: 'attached' });
    expect(documentLoads).toEqual([]);
    await context.close();
  });

  it('serves the reading pages without the router, as documents, with their header working', async () => {
    const { page, context, errors } = await openPage(e2e.browser, e2e.site);
    await gotoHydrated(page, '/simulador');
    await page.getByRole('banner').getByRole('button', { name: 'Abrir menú' }).click();
    const loaded = page.waitForEvent('load');
    await page
      .getByRole('navigation', { name: 'Principal' })
      .getByRole('link', { name: 'Documentación' })
      .click();
    await loaded;
    await page.waitForURL('**/documentacion');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Abrir menú' });
    await menuButton.click();
    const nav = page.getByRole('navigation', { name: 'Principal' });
    expect(
      await nav.getByRole('link', { name: 'Documentación' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('what search engines read', () => {
  it('gets prerendered Spanish HTML with title, description, canonical URL and Open Graph', async () => {
    const html = await (await fetch(`${e2e.site.url}/honorarios`)).text();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain(`<title>Honorarios · ${SITE.name}</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/honorarios"/);
    expect(html).toMatch(/<meta property="og:title" content="Honorarios · /);
    expect(html).toMatch(/<meta property="og:url" content="https?:\/\/[^"]+\/honorarios"/);
    // The page's own menu entry is marked current already in the HTML, as after hydration.
    expect(html).toMatch(/<a [^>]*aria-current="page"[^>]*href="\/honorarios"/);
  });

  it('finds robots.txt pointing at a sitemap of the public pages', async () => {
    const robots = await (await fetch(`${e2e.site.url}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /app');
    const sitemapUrl = /^Sitemap: (\S+)$/m.exec(robots)?.[1];
    expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);

    const sitemap = await (await fetch(`${e2e.site.url}/sitemap.xml`)).text();
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1] ?? '').pathname,
    );
    expect(locations).toEqual(
      expect.arrayContaining(['/', '/como-funciona', '/honorarios', '/simulador', '/aviso-legal']),
    );
    expect(locations).not.toContain('/login');
    expect(locations).not.toContain('/cumple-requisitos');
  });
});
