/**
 * Three households the 2012 code exists for, each from its calculation to the file sent to the
 * bank, on a phone against the real server:
 * - one holder with no income, living with a working partner (the effort rose, less than ×1,5);
 * - a debtor who turned 60 in the last four years, alone, with no rise in effort;
 * - a single-parent family with a minor.
 * Each sees the verdict and package its facts give, the documents the law asks of it and
 * nothing else, signs its declaración responsable on the send screen and sends the file; the
 * PDF the bank gets states the review's and the calculation's facts and nothing against them.
 */
import { readFile } from 'node:fs/promises';

import {
  type CalculationRequest,
  type DocumentsOverview,
  formatDate,
  NOT_QUALIFYING_TEXTS,
} from '@cbp/core';
import { singleParentReview, workingPartnerReview } from '@cbp/core/testing';
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';

import { expectAccessibleAtBothWidths } from './accessibility';
import { checklistEntries, clientApi, expectOk } from './client-api';
import {
  apiLogin,
  createAccount,
  gotoHydrated,
  MOBILE_VIEWPORT,
  openPage,
  signIn,
  startForThisFile,
} from './harness';

const JOURNEY_TIMEOUT_MS = 240_000;

const e2e = startForThisFile();
const { call, payInSandbox, overviewOf, finalizeReview, uploadWhatIsAsked } = clientApi(e2e);

const VERDICT = /puedes acogerte al Código de Buenas Prácticas de 2012, según la ley vigente el/;
const INCOME_TAB = 'Documentación de Ingresos';
const PAYSLIPS = 'Tres últimas nóminas';

interface Household {
  calculation: CalculationRequest;
  review: Record<string, string>;
  /** Months of grace the result shows: 5 (long package) or 2 (short). */
  graceYears: 5 | 2;
  /** Ids the checklist must ask for, and ids it must not. */
  asks: string[];
  neverAsks: string[];
  /** What the sent PDF must say, and what it must never say. */
  letterSays: (string | RegExp)[];
  letterNeverSays: (string | RegExp)[];
}

const MORTGAGE = {
  banco: 'CaixaBank',
  discapacidad: 'No',
  capitalPendiente: 120_000,
  plazoRestante: 20,
  plazoOriginal: 30,
  tipoInteres: 3.5,
} as const;

const CONTACT = {
  domicilio: 'Calle del Olmo 7, 3.º B, 28012 Madrid',
  bancoHipoteca: 'CaixaBank',
};

const HOUSEHOLDS: Record<'couple' | 'over60' | 'singleParent', Household> = {
  couple: {
    calculation: {
      ...MORTGAGE,
      circunstancias: {},
      ingresosBrutosAnuales: 22_000,
      ingresosNetosAnuales: 19_200,
      ingresosNetosCuatroAnios: 21_000,
      pagoMensualHipoteca: 950,
      cuotaCuatroAnios: 800,
      cuotaJunio2022: 850,
    },
    review: workingPartnerReview,
    graceYears: 2,
    asks: ['miembro-1/nominas', '1/certificado-renta-aeat', 'hogar/registro-pareja-de-hecho'],
    neverAsks: ['1/nominas'],
    letterSays: [
      'Titular 1 Ingresos: No tiene ingresos',
      'Miembro 1 Pareja de hecho, ingresos: Nómina',
      /Anexo \d+: Tres últimas nóminas \(Miembro 1\)/,
      'Carencia en la amortización del capital durante 2 años',
    ],
    letterNeverSays: [
      /Anexo \d+: Tres últimas nóminas \(Titular 1\)/,
      'Carencia en la amortización del capital durante 5 años',
      'especial vulnerabilidad (artículo 3.1.b',
    ],
  },
  over60: {
    calculation: {
      ...MORTGAGE,
      circunstancias: { 'mayor-60': 'reciente' },
      mayorSesenta: true,
      ingresosBrutosAnuales: 16_000,
      ingresosNetosAnuales: 14_400,
      ingresosNetosCuatroAnios: 14_400,
      pagoMensualHipoteca: 650,
      cuotaCuatroAnios: 650,
      cuotaJunio2022: 650,
    },
    review: {
      numeroTitulares: '1',
      miembrosUnidadFamiliar: '1',
      persona1Ingresos: 'Pension',
      persona1Discapacidad: 'no',
    },
    graceYears: 5,
    asks: ['1/certificado-pension', 'hogar/certificado-de-empadronamiento'],
    neverAsks: ['1/nominas', 'hogar/libro-de-familia'],
    letterSays: [
      'Titular 1 Ingresos: Pensión',
      'El deudor es mayor de 60 años (surgida en los últimos cuatro años).',
      'Carencia en la amortización del capital durante 5 años',
    ],
    letterNeverSays: ['Miembro 1', /Anexo \d+: Tres últimas nóminas/, 'monoparental'],
  },
  singleParent: {
    calculation: {
      ...MORTGAGE,
      circunstancias: { monoparental: 'reciente', menor: 'anterior' },
      ingresosBrutosAnuales: 20_000,
      ingresosNetosAnuales: 16_800,
      ingresosNetosCuatroAnios: 18_000,
      pagoMensualHipoteca: 750,
      cuotaCuatroAnios: 700,
      cuotaJunio2022: 720,
    },
    review: singleParentReview,
    graceYears: 5,
    asks: ['1/nominas', 'hogar/libro-de-familia', 'hogar/acreditacion-monoparental'],
    neverAsks: ['miembro-1/nominas', 'miembro-1/dni-nie', 'miembro-1/certificado-renta-aeat'],
    letterSays: [
      'Titular 1 Ingresos: Nómina',
      'Miembro 1 Hijo/Hija, ingresos: No tiene ingresos',
      'La unidad familiar es monoparental, con hijos a su cargo (surgida en los últimos cuatro años).',
      /Anexo \d+: Acreditación de familia monoparental \(Unidad familiar\)/,
      'Carencia en la amortización del capital durante 5 años',
    ],
    letterNeverSays: [/Anexo \d+: Tres últimas nóminas \(Miembro 1\)/, 'mayor de 60'],
  },
};

// ---------------------------------------------------------------------------------------------
// The API, as the client's other device would use it

/** Every entry the checklist asks for today, whoever it is of. */
function askedIds(overview: DocumentsOverview): string[] {
  return checklistEntries(overview.checklist)
    .filter((entry) => entry.necesario)
    .map((entry) => entry.id);
}

// ---------------------------------------------------------------------------------------------
// The browser

/** The calculator's page shows the newest result kept on the server. */
async function expectVerdict(page: Page, household: Household) {
  await gotoHydrated(page, '/app');
  await page.getByRole('heading', { level: 1, name: 'Resultados de tu simulación' }).waitFor();
  await page.getByRole('main').getByText(VERDICT).waitFor();
  expect(
    await page.getByRole('meter', { name: 'Carencia', exact: true }).getAttribute('aria-valuenow'),
  ).toBe(String(household.graceYears));
}

/** The documents screen lists the household's entries and says why each is asked. */
async function expectDocumentsScreen(page: Page, household: Household) {
  await gotoHydrated(page, '/app/obtener-documentos');
  await page.getByRole('progressbar', { name: 'Documentos aportados' }).waitFor();
  await page
    .getByRole('region', { name: 'De toda la unidad familiar' })
    .getByRole('group', { name: 'Declaración responsable' })
    .getByText('Sin firmar', { exact: true })
    .waitFor();
  await page.getByRole('tab', { name: INCOME_TAB }).click();
  const holderPayslips = page.getByLabel(`Archivo de ${PAYSLIPS}`, { exact: true });
  expect(await holderPayslips.count()).toBe(household.review.persona1Ingresos === 'Nomina' ? 1 : 0);
  await expectAccessibleAtBothWidths(page, 'Documentos de la unidad familiar');
}

/** Signs the declaración responsable with the typed name, then sends the file. */
async function signAndSend(page: Page): Promise<string> {
  await gotoHydrated(page, '/app/enviar-expediente');
  await page.getByRole('heading', { level: 1, name: 'Enviar Expediente' }).waitFor();
  const section = page.getByRole('region', { name: 'Declaración responsable', exact: true });
  await section
    .getByRole('group', { name: 'Texto de la declaración responsable' })
    .getByText(/DECLARA BAJO SU RESPONSABILIDAD/)
    .waitFor();
  await section.getByRole('button', { name: 'Prefiero escribir mi nombre' }).click();
  await section.getByRole('textbox', { name: 'Tu nombre y apellidos' }).fill('Lucía García Pérez');
  await section.getByRole('button', { name: 'Firmar la declaración' }).click();
  await section
    .getByText(
      `Firmaste tu declaración responsable el ${formatDate(new Date())}. La enviaremos a tu banco como primer documento de tu expediente.`,
    )
    .waitFor();
  await page.getByRole('button', { name: 'Enviar expediente' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Enviar tu expediente?' });
  await dialog.getByRole('button', { name: 'Sí, enviar expediente' }).click();
  await page
    .getByRole('heading', { level: 2, name: /^Expediente enviado el \d{2}\/\d{2}\/\d{4}$/ })
    .waitFor({ timeout: 90_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar expediente (PDF)' }).click(),
  ]);
  const bytes = await readFile(await download.path());
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function journey(household: Household) {
  const account = await createAccount(e2e.site);
  const { accessToken } = await apiLogin(e2e.site, account);
  expectOk(
    await call(accessToken, 'POST', '/api/calculations', household.calculation),
    'POST /api/calculations',
    201,
  );
  const { page, context, errors } = await openPage(e2e.browser, e2e.site, {
    viewport: MOBILE_VIEWPORT,
  });
  await signIn(page, account);
  await expectVerdict(page, household);

  await finalizeReview(accessToken, { ...CONTACT, ...household.review });
  const asked = askedIds(await overviewOf(accessToken));
  for (const id of household.asks) expect(asked).toContain(id);
  for (const id of household.neverAsks) expect(asked).not.toContain(id);
  await expectDocumentsScreen(page, household);

  await uploadWhatIsAsked(accessToken);
  await payInSandbox(accessToken, account);
  const letter = await signAndSend(page);

  expect(letter).toContain('Anexo 1: Declaración responsable (Unidad familiar)');
  expect(letter).toContain('DECLARA BAJO SU RESPONSABILIDAD');
  expect(letter).toContain('CaixaBank');
  for (const said of household.letterSays) {
    if (typeof said === 'string') expect(letter).toContain(said);
    else expect(letter).toMatch(said);
  }
  for (const unsaid of household.letterNeverSays) {
    if (typeof unsaid === 'string') expect(letter).not.toContain(unsaid);
    else expect(letter).not.toMatch(unsaid);
  }
  expect(errors).toEqual([]);
  await context.close();
}

describe('three households, from the verdict to the file the bank gets', () => {
  it(
    'one holder with no income, living with a working partner: the two-year grace, payslips of the partner only',
    () => journey(HOUSEHOLDS.couple),
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a debtor who turned 60 in the last four years, with no rise in effort: the five-year grace',
    () => journey(HOUSEHOLDS.over60),
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a single-parent family with a minor: the five-year grace, the family book and the proof of single parenthood',
    () => journey(HOUSEHOLDS.singleParent),
    JOURNEY_TIMEOUT_MS,
  );
});

describe('a household only the closed 2022 code would have covered (40,63 % effort)', () => {
  it('no screen congratulates it, invites it to pay or asks the bank for measures', async () => {
    const account = await createAccount(e2e.site);
    const { accessToken } = await apiLogin(e2e.site, account);
    const calculation: CalculationRequest = {
      ...MORTGAGE,
      circunstancias: {},
      ingresosBrutosAnuales: 22_000,
      ingresosNetosAnuales: 19_200,
      ingresosNetosCuatroAnios: 19_200,
      pagoMensualHipoteca: 650,
      cuotaCuatroAnios: 500,
      cuotaJunio2022: 600,
    };
    expectOk(
      await call(accessToken, 'POST', '/api/calculations', calculation),
      'POST /api/calculations',
      201,
    );
    const { page, context, errors } = await openPage(e2e.browser, e2e.site, {
      viewport: MOBILE_VIEWPORT,
    });
    await signIn(page, account);
    const main = page.getByRole('main');

    await gotoHydrated(page, '/app');
    await main.getByText(/hoy no puedes acogerte al Código de Buenas Prácticas/).waitFor();
    await main
      .getByText(
        'Con tus datos se habría podido aplicar el Código de Buenas Prácticas de 2022, pero solo admitió solicitudes hasta el 24 de noviembre de 2025: ese plazo ya está cerrado.',
      )
      .waitFor();
    await main.getByText(/^El banco tiene 1\smes para responder a tu solicitud/).waitFor();
    expect(await main.getByText(/también encajaría|45 días/).count()).toBe(0);

    await gotoHydrated(page, '/app/honorarios');
    await main.getByText(NOT_QUALIFYING_TEXTS.title).waitFor();
    await main.getByText(/ahora es el 40,63\s%/).waitFor();
    await main.getByRole('link', { name: NOT_QUALIFYING_TEXTS.calculatorLink }).waitFor();
    expect(await main.getByText(/Enhorabuena/).count()).toBe(0);
    expect(await main.getByRole('button', { name: /^(Elegir|Pagar)/ }).count()).toBe(0);

    await gotoHydrated(page, '/app/enviar-expediente');
    await main.getByRole('link', { name: NOT_QUALIFYING_TEXTS.noSubmission }).waitFor();
    await main.getByText('Ninguna: no pedimos al banco medidas que tu cálculo no te da').waitFor();
    expect(await main.getByText(/Carencia en la amortización|Euríbor/).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
