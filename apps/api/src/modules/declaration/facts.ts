import {
  CIRCUMSTANCE_TEXTS,
  circumstancesThatApply,
  findBank,
  formatEuros,
  formatLongDate,
  INCOME_TYPE_OPTIONS,
  RELATIONSHIP_OPTIONS,
  reviewPersons,
  type CircumstanceTiming,
  type HouseholdCircumstances,
  type ReviewForm,
  type VulnerabilityCircumstance,
} from '@cbp/core';
import { sha256Hex } from '../contract/pdf-layout';

const INCOME_LABELS = new Map<string, string>(
  INCOME_TYPE_OPTIONS.map((option) => [option.value, option.label]),
);
const RELATIONSHIP_LABELS = new Map<string, string>(
  RELATIONSHIP_OPTIONS.map((option) => [option.value, option.label]),
);

/** One person of the household as the review gives them. */
export interface DeclaredPerson {
  /** 'Titular 1', 'Miembro 1'. */
  etiqueta: string;
  titular: boolean;
  /** The relationship's label ('Cónyuge'); null for holders or when not given. */
  relacion: string | null;
  /** The income source's label ('Nómina', 'No tiene ingresos'); null when not given. */
  ingresos: string | null;
}

/**
 * What the declaración responsable states, and nothing else: each value from the finished review
 * or the latest calculation. Its SHA-256 binds a signature to it (decision 0641).
 */
export interface DeclarationFacts {
  declarante: string;
  domicilio: string | null;
  banco: string | null;
  titulares: number;
  miembros: number;
  personas: DeclaredPerson[];
  ingresosBrutosAnuales: number | null;
  ingresosNetosAnuales: number | null;
  ingresosHace4Anos: number | null;
  /** null: the calculation did not ask; []: none applies. */
  circunstancias: { id: VulnerabilityCircumstance; cuando: CircumstanceTiming }[] | null;
}

const given = (value: string | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** The person's label as the letter and the declaration write it. */
export function personLabel(index: number, isHolder: boolean, holders: number): string {
  return isHolder ? `Titular ${String(index)}` : `Miembro ${String(index - holders)}`;
}

export function declarationFacts(
  form: ReviewForm,
  lead: { nombre: string; apellidos: string },
  circumstances: HouseholdCircumstances | null,
): DeclarationFacts {
  const nombre = given(form.nombre) ?? lead.nombre;
  const apellidos = given(form.apellidos) ?? lead.apellidos;
  const bank = given(form.bancoHipoteca);
  return {
    declarante: `${nombre} ${apellidos}`.trim(),
    domicilio: given(form.domicilio),
    banco: bank === null ? null : (findBank(bank)?.nombre ?? bank),
    titulares: form.numeroTitulares,
    miembros: form.miembrosUnidadFamiliar,
    personas: reviewPersons(form.numeroTitulares, form.miembrosUnidadFamiliar).map((person) => {
      const income = form[person.ingresosKey];
      const relation = person.relacionKey === null ? undefined : form[person.relacionKey];
      return {
        etiqueta: personLabel(person.index, person.isHolder, form.numeroTitulares),
        titular: person.isHolder,
        relacion: relation === undefined ? null : (RELATIONSHIP_LABELS.get(relation) ?? relation),
        ingresos: income === undefined ? null : (INCOME_LABELS.get(income) ?? income),
      };
    }),
    ingresosBrutosAnuales: form.ingresosBrutosAnuales ?? null,
    ingresosNetosAnuales: form.ingresosNetosAnuales ?? null,
    ingresosHace4Anos: form.ingresosHace4Anos ?? null,
    circunstancias:
      circumstances === null
        ? null
        : circumstancesThatApply(circumstances).map((id) => ({
            id,
            cuando: circumstances[id] ?? 'anterior',
          })),
  };
}

/** The facts' SHA-256: the same facts, the same value (the object's keys are always in order). */
export function factsSha256(facts: DeclarationFacts): string {
  return sha256Hex(JSON.stringify(facts));
}

export const DECLARATION_TITLE = 'Declaración responsable';

const LAW =
  'Real Decreto-ley 6/2012, de 9 de marzo, de medidas urgentes de protección de deudores hipotecarios sin recursos';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'Titular 1 (quien declara): ingresos por nómina.' */
function personLine(person: DeclaredPerson, index: number): string {
  const who = [
    person.etiqueta,
    ...(index === 0 ? ['quien declara'] : []),
    ...(person.relacion === null ? [] : [person.relacion.toLowerCase()]),
  ];
  const income =
    person.ingresos === null
      ? 'fuente de ingresos no indicada'
      : person.ingresos === 'No tiene ingresos'
        ? 'no tiene ingresos'
        : `fuente de ingresos: ${person.ingresos.toLowerCase()}`;
  return `${who[0] ?? ''}${who.length > 1 ? ` (${who.slice(1).join(', ')})` : ''}: ${income}.`;
}

const TIMING_TEXT: Readonly<Record<CircumstanceTiming, string>> = {
  reciente: 'surgida en los últimos cuatro años',
  anterior: 'existente desde antes de los últimos cuatro años',
};

/** The declaration's body as the person reads it and the PDF writes it. */
export interface DeclarationText {
  intro: string;
  /** Numbered statements, each with the lines listed under it. */
  statements: { text: string; items: string[] }[];
  closing: string;
}

/**
 * The declaration in Spanish legal wording (RDL 6/2012, art. 3.3.d): who declares, the household
 * and each member's income source, the income figures, the circumstances of special
 * vulnerability the calculation recorded, that the requirements of article 3 are met, the
 * liability of article 7, and the date and place. `day` is the day of signing (ISO, Spain).
 */
export function declarationText(facts: DeclarationFacts, day: string): DeclarationText {
  const holders = facts.titulares === 1 ? 'un titular' : `${String(facts.titulares)} titulares`;
  const intro = `${facts.declarante}${facts.domicilio === null ? '' : `, con domicilio en ${facts.domicilio}`}, en su condición de deudor del préstamo con garantía hipotecaria sobre su vivienda habitual, a los efectos del artículo 3.3.d) del ${LAW}, DECLARA BAJO SU RESPONSABILIDAD:`;
  const statements: DeclarationText['statements'] = [
    {
      text: `Que es titular del préstamo hipotecario${facts.banco === null ? '' : ` concedido por ${facts.banco}`}, que tiene ${holders}, y que grava su vivienda habitual.`,
      items: [],
    },
    {
      text: `Que la unidad familiar la forman las siguientes personas (${facts.miembros === 1 ? 'un miembro' : `${String(facts.miembros)} miembros`} de la unidad familiar), con la fuente de ingresos de cada una:`,
      items: facts.personas.map(personLine),
    },
  ];
  const income = [
    ['Ingresos brutos anuales de la unidad familiar', facts.ingresosBrutosAnuales],
    ['Ingresos netos anuales de la unidad familiar', facts.ingresosNetosAnuales],
    ['Ingresos netos anuales de hace cuatro años', facts.ingresosHace4Anos],
  ].flatMap(([label, value]) =>
    typeof value === 'number' ? [`${String(label)}: ${formatEuros(value)}.`] : [],
  );
  if (income.length > 0) {
    statements.push({
      text: 'Que los ingresos de la unidad familiar son los siguientes:',
      items: income,
    });
  }
  if (facts.circunstancias !== null) {
    statements.push(
      facts.circunstancias.length === 0
        ? {
            text: 'Que en la unidad familiar no concurre ninguna de las circunstancias de especial vulnerabilidad del artículo 3.1.b) del Real Decreto-ley 6/2012.',
            items: [],
          }
        : {
            text: 'Que en la unidad familiar concurren las siguientes circunstancias de especial vulnerabilidad del artículo 3.1.b) del Real Decreto-ley 6/2012:',
            items: facts.circunstancias.map(
              ({ id, cuando }) =>
                `${capitalised(CIRCUMSTANCE_TEXTS[id].statement)} (${TIMING_TEXT[cuando]}).`,
            ),
          },
    );
  }
  statements.push(
    {
      text: 'Que reúne los requisitos establecidos en el artículo 3 del Real Decreto-ley 6/2012 para considerarse situado en el umbral de exclusión y solicitar la aplicación de las medidas del Código de Buenas Prácticas para la reestructuración viable de las deudas con garantía hipotecaria sobre la vivienda habitual.',
      items: [],
    },
    {
      text: 'Que los datos anteriores son ciertos, y que acompaña los documentos que los acreditan conforme al artículo 3.3 del Real Decreto-ley 6/2012 o los aportará a requerimiento de la entidad.',
      items: [],
    },
    {
      text: 'Que conoce que, conforme al artículo 7 del Real Decreto-ley 6/2012, quien se beneficie de las medidas sin reunir los requisitos del artículo 3, o busque situarse en ellos voluntaria y deliberadamente para obtenerlas, responde de los daños y perjuicios causados y de todos los gastos generados por su aplicación, sin perjuicio de las demás responsabilidades a que su conducta pudiera dar lugar.',
      items: [],
    },
  );
  const place = facts.domicilio === null ? '' : ` en su domicilio, ${facts.domicilio},`;
  const closing = `Y para que así conste ante la entidad financiera, firma esta declaración${place} el ${formatLongDate(day)}.`;
  return { intro, statements, closing };
}

/** The declaration as paragraphs, numbered as the PDF numbers them (the screen shows these). */
export function declarationParagraphs(text: DeclarationText): string[] {
  return [
    text.intro,
    ...text.statements.flatMap((statement, index) => [
      `${String(index + 1)}. ${statement.text}`,
      ...statement.items.map((item) => `– ${item}`),
    ]),
    text.closing,
  ];
}
