import {
  buildDocumentChecklist,
  DECLARATION_DOCUMENT_ID,
  EURIBOR_SEED,
  euriborMonthOn,
  FIRM,
  HOLDER_CATEGORIES,
  holderLabel,
  householdFacts,
  reviewFormFromValues,
  type HouseholdCircumstances,
  type ReviewDraftValues,
  type ReviewForm,
} from '@cbp/core';
import { singleParentReview, workingPartnerReview } from '@cbp/core/testing';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import {
  applicationLetterPdf,
  measuresFor,
  type AnnexEntry,
} from '../src/modules/submission/letter';

interface Household {
  review: ReviewForm;
  valores: ReviewDraftValues;
}

function household(values: Record<string, string>): Household {
  const valores: ReviewDraftValues = {
    nombre: 'Lucía',
    apellidos: 'Pérez García',
    telefono: '612345678',
    email: 'lucia@example.com',
    domicilio: 'Calle del Olmo 7, 28012 Madrid',
    bancoHipoteca: 'caixabank',
    cantidadPorPagar: '145.000',
    ...values,
  };
  const read = reviewFormFromValues(valores);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return { review: read.form, valores };
}

/**
 * The annexes as the file is built: the declaration first, then every entry the household's
 * checklist asks for (the household's, each person's, the mortgage's), each with a file.
 */
function annexesFor(
  { review, valores }: Household,
  circunstancias: HouseholdCircumstances | null,
): AnnexEntry[] {
  const plan = buildDocumentChecklist(householdFacts(review, valores, circunstancias ?? undefined));
  const needed = <T extends { necesario: boolean; id: string }>(list: readonly T[]) =>
    list.filter((entry) => entry.necesario && entry.id !== DECLARATION_DOCUMENT_ID);
  const entries = [
    { nombre: 'Declaración responsable', persona: 'Unidad familiar' },
    ...needed(plan.hogar).map((entry) => ({ nombre: entry.nombre, persona: 'Unidad familiar' })),
    ...Object.entries(plan.holders).flatMap(([key, lists]) =>
      HOLDER_CATEGORIES.flatMap((category) =>
        needed(lists[category]).map((entry) => ({
          nombre: entry.nombre,
          persona: holderLabel(key),
        })),
      ),
    ),
    ...needed(plan.hipoteca).map((entry) => ({ nombre: entry.nombre, persona: 'Hipoteca' })),
  ];
  return entries.map((entry, index) => ({ ...entry, number: index + 1 }));
}

async function letterText(given: Household, circunstancias: HouseholdCircumstances | null) {
  const { bytes } = await applicationLetterPdf({
    caseReference: '4e0f179a-2c16-4353-96bf-88738a797110',
    day: '2026-11-27',
    bank: 'CaixaBank',
    code: 'cbp2012',
    measures: measuresFor('cbp2012', euriborMonthOn(EURIBOR_SEED, '2026-11-27'), null),
    review: given.review,
    circunstancias,
    client: {
      nombre: 'Lucía',
      apellidos: 'Pérez García',
      email: 'l@example.com',
      telefono: '612345678',
    },
    annexes: annexesFor(given, circunstancias),
    signature: {
      signedAt: new Date('2026-11-20T10:00:00Z'),
      contractSha256: '0'.repeat(64),
      kept: { kind: 'typed', name: 'Lucía Pérez García' },
    },
    firm: FIRM,
    parts: [],
  });
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** No document proving work income is listed for a person the review gives no such income. */
function expectNoWorkDocumentsFor(letter: string, persona: string) {
  expect(letter).not.toMatch(new RegExp(`Anexo \\d+: [^:]*nóminas \\(${persona}\\)`, 'i'));
  expect(letter).not.toMatch(new RegExp(`Anexo \\d+: Contrato de trabajo \\(${persona}\\)`, 'i'));
}

describe('the application letter states only what the review and the calculation say', () => {
  it('a holder with no income who lives with a working partner', async () => {
    const review = household({
      ...workingPartnerReview,
      pagoMensualHipoteca: '950',
      ingresosNetosAnuales: '19.200',
    });
    const letter = await letterText(review, null);
    expect(letter).toContain('Titulares de la hipoteca 1');
    // The label wraps in its column: 'Miembros de la unidad', the value, then 'familiar'.
    expect(letter).toContain('Miembros de la unidad 2 familiar');
    expect(letter).toContain('Titular 1 Ingresos: No tiene ingresos');
    expect(letter).toContain('Miembro 1 Pareja de hecho, ingresos: Nómina');
    expect(letter).toContain('Anexo 1: Declaración responsable (Unidad familiar)');
    expect(letter).toMatch(/Anexo \d+: Tres últimas nóminas \(Miembro 1\)/);
    expectNoWorkDocumentsFor(letter, 'Titular 1');
    // A calculation that did not ask about circumstances: the letter says nothing of them.
    expect(letter).not.toContain('especial vulnerabilidad (artículo 3.1.b');
    expect(letter).toContain('adherida al Código de Buenas Prácticas');
  });

  it('a debtor over 60 who lives alone, with no rise in effort', async () => {
    const review = household({
      numeroTitulares: '1',
      miembrosUnidadFamiliar: '1',
      persona1Ingresos: 'Pension',
      persona1Discapacidad: 'no',
      pagoMensualHipoteca: '600',
      cuotaHace4Anos: '600',
      ingresosNetosAnuales: '14.400',
      ingresosHace4Anos: '14.400',
    });
    const letter = await letterText(review, { 'mayor-60': 'anterior' });
    expect(letter).toContain('Titulares de la hipoteca 1');
    expect(letter).toContain('Miembros de la unidad 1 familiar');
    expect(letter).toContain('Titular 1 Ingresos: Pensión');
    expect(letter).not.toContain('Miembro 1');
    expect(letter).toContain(
      'El deudor es mayor de 60 años (existente desde antes de los últimos cuatro años).',
    );
    // The same effort now as four years ago: 600 € over 1.200 € a month, 50 %.
    expect(letter).toContain('Esfuerzo hipotecario actual 50,00 %');
    expect(letter).toContain('Esfuerzo hipotecario hace 50,00 % cuatro años');
    expectNoWorkDocumentsFor(letter, 'Titular 1');
    expect(letter).not.toContain('monoparental');
  });

  it('a single-parent family with a minor', async () => {
    const review = household({
      ...singleParentReview,
      bancoHipoteca: 'Caja Rural de Ejemplo',
      pagoMensualHipoteca: '700',
      ingresosNetosAnuales: '16.800',
    });
    const letter = await letterText(review, { monoparental: 'reciente', menor: 'anterior' });
    expect(letter).toContain('Titular 1 Ingresos: Nómina');
    expect(letter).toContain('Miembro 1 Hijo/Hija, ingresos: No tiene ingresos');
    expect(letter).toContain(
      'La unidad familiar es monoparental, con hijos a su cargo (surgida en los últimos cuatro años).',
    );
    expect(letter).toContain(
      'En la unidad familiar vive un menor de edad (existente desde antes de los últimos cuatro años).',
    );
    expect(letter).toMatch(/Anexo \d+: Tres últimas nóminas \(Titular 1\)/);
    expect(letter).toMatch(/Anexo \d+: Acreditación de familia monoparental \(Unidad familiar\)/);
    expect(letter).toMatch(/Anexo \d+: Libro de familia \(Unidad familiar\)/);
    expectNoWorkDocumentsFor(letter, 'Miembro 1');
    expect(letter).not.toContain('mayor de 60');
    // A bank typed by hand is not said to adhere to the code.
    expect(letter).not.toContain('adherida');
  });
});

describe('the measures the letter requests under the 2012 code', () => {
  const february = euriborMonthOn(EURIBOR_SEED, '2026-11-27');

  it('ask for the two-year grace alone when the calculation gave that package', () => {
    const measures = measuresFor('cbp2012', february, 'short');
    expect(measures[0]).toMatch(/^Carencia en la amortización del capital durante 2 años/);
    expect(measures.join(' ')).not.toContain('5 años');
    expect(measures.join(' ')).not.toContain('Subsidiariamente');
  });

  it('ask for the five-year grace at the Euribor in force, the two-year one in the alternative', () => {
    const measures = measuresFor('cbp2012', february, 'long');
    expect(measures[0]).toMatch(/^Carencia en la amortización del capital durante 5 años/);
    expect(measures[0]).toMatch(/Euríbor a un año de febrero de 2026: 2,221\s%/);
    expect(measures[1]).toMatch(/^Subsidiariamente/);
  });
});
