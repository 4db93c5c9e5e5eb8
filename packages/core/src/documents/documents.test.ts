import { describe, expect, it } from 'vitest';
import { checklistDocumentIdSchema } from '../schemas/documents';
import { reviewFormFromValues } from '../schemas/review';
import { singleParentReview } from '../testing';
import {
  buildDocumentChecklist,
  type ChecklistPlan,
  checklistDocumentArticle,
  checklistDocumentName,
  countUploadedDocuments,
  factsPending,
  DOCUMENT_CATEGORY_LABELS,
  holderKeys,
  holderLabel,
  householdFacts,
  listChecklistDocuments,
  normalizeDocumentEstado,
  otherMembersCount,
  retrievalModelsFor,
} from '.';

const ids = (documents: readonly { id: string }[]) => documents.map((document) => document.id);

function person(plan: ChecklistPlan, key: string): string[] {
  const lists = plan.holders[key];
  if (lists === undefined) throw new Error(`No hay documentos para ${key}`);
  return ids([...lists.personal, ...lists.laboral]);
}

/** One holder with no income living with a working partner (the newcomer's case). */
const partnerValues = {
  numeroTitulares: '1',
  miembrosUnidadFamiliar: '2',
  persona1Ingresos: 'No tiene ingresos',
  persona1Discapacidad: 'no',
  persona2Ingresos: 'Nomina',
  persona2Relacion: 'conyuge',
  persona2Menor: 'no',
  persona2Discapacidad: 'no',
} as const;

/** A debtor over 60, alone, with a pension. */
const over60Values = {
  numeroTitulares: '1',
  miembrosUnidadFamiliar: '1',
  persona1Ingresos: 'Pension',
  persona1Discapacidad: 'no',
} as const;

describe('buildDocumentChecklist for households', () => {
  it('asks payslips of the working partner and none of the holder without income', () => {
    const facts = householdFacts(
      { numeroTitulares: 1, miembrosUnidadFamiliar: 2 },
      partnerValues,
      undefined,
    );
    const plan = buildDocumentChecklist(facts);
    expect(person(plan, '1')).toEqual([
      '1/dni-nie',
      '1/certificado-titularidades',
      '1/certificado-renta-aeat',
    ]);
    expect(person(plan, 'miembro-1')).toEqual([
      'miembro-1/dni-nie',
      'miembro-1/certificado-titularidades',
      'miembro-1/certificado-renta-aeat',
      'miembro-1/nominas',
    ]);
    expect(ids(plan.hogar)).toEqual([
      'hogar/declaracion-responsable',
      'hogar/libro-de-familia',
      'hogar/certificado-de-empadronamiento',
    ]);
    expect(ids(plan.hipoteca)).toEqual([
      'hipoteca/escritura-compraventa',
      'hipoteca/escritura-hipoteca',
    ]);
    const all = ids(listChecklistDocuments(plan));
    for (const gone of ['vida-laboral', 'contrato-de-trabajo', 'recibos-hipoteca', 'nota-simple']) {
      expect(all.some((id) => id.endsWith(`/${gone}`))).toBe(false);
    }
  });

  it('asks a debtor over 60 living alone no family book, and the pension certificate', () => {
    const facts = householdFacts({ numeroTitulares: 1, miembrosUnidadFamiliar: 1 }, over60Values, {
      'mayor-60': 'anterior',
    });
    const plan = buildDocumentChecklist(facts);
    expect(person(plan, '1')).toEqual([
      '1/dni-nie',
      '1/certificado-titularidades',
      '1/certificado-renta-aeat',
      '1/certificado-pension',
    ]);
    expect(ids(plan.hogar)).toEqual([
      'hogar/declaracion-responsable',
      'hogar/certificado-de-empadronamiento',
    ]);
  });

  it('asks a single-parent family the family book and its proof, and no income papers of the minor', () => {
    const facts = householdFacts(
      { numeroTitulares: 1, miembrosUnidadFamiliar: 2 },
      singleParentReview,
      { monoparental: 'reciente', menor: 'anterior' },
    );
    const plan = buildDocumentChecklist(facts);
    expect(person(plan, '1')).toEqual([
      '1/dni-nie',
      '1/certificado-titularidades',
      '1/certificado-renta-aeat',
      '1/nominas',
    ]);
    expect(person(plan, 'miembro-1')).toEqual(['miembro-1/certificado-titularidades']);
    expect(ids(plan.hogar)).toEqual([
      'hogar/declaracion-responsable',
      'hogar/libro-de-familia',
      'hogar/certificado-de-empadronamiento',
      'hogar/acreditacion-monoparental',
    ]);
  });

  it('asks a minor who has an income for the income documents of its source', () => {
    const facts = householdFacts(
      { numeroTitulares: 1, miembrosUnidadFamiliar: 2 },
      { ...singleParentReview, persona2Ingresos: 'Ayuda' },
      {},
    );
    expect(person(buildDocumentChecklist(facts), 'miembro-1')).toEqual([
      'miembro-1/certificado-titularidades',
      'miembro-1/certificado-renta-aeat',
      'miembro-1/certificado-ayuda',
    ]);
  });

  it('asks each income source its own certificate', () => {
    const income = (ingresos: string) =>
      person(
        buildDocumentChecklist(
          householdFacts(
            { numeroTitulares: 1, miembrosUnidadFamiliar: 1 },
            { ...over60Values, persona1Ingresos: ingresos },
            undefined,
          ),
        ),
        '1',
      ).at(-1);
    expect(income('Prestacion Desempleo')).toBe('1/certificado-desempleo');
    expect(income('Ayuda')).toBe('1/certificado-ayuda');
    expect(income('Facturas')).toBe('1/certificado-cese-actividad');
    expect(income('No tiene ingresos')).toBe('1/certificado-renta-aeat');
  });

  it('asks the recognition of each member who claims a disability, and each circumstance’s proof', () => {
    const facts = householdFacts(
      { numeroTitulares: 1, miembrosUnidadFamiliar: 2 },
      { ...partnerValues, persona2Relacion: 'pareja-de-hecho', persona2Discapacidad: 'si' },
      { 'familia-numerosa': 'anterior', violencia: 'reciente', 'discapacidad-miembro': 'reciente' },
    );
    const plan = buildDocumentChecklist(facts);
    expect(person(plan, 'miembro-1')).toContain('miembro-1/reconocimiento-discapacidad');
    expect(person(plan, '1')).not.toContain('1/reconocimiento-discapacidad');
    expect(ids(plan.hogar)).toEqual([
      'hogar/declaracion-responsable',
      'hogar/registro-pareja-de-hecho',
      'hogar/certificado-de-empadronamiento',
      'hogar/titulo-familia-numerosa',
      'hogar/acreditacion-violencia',
    ]);
  });

  it('asks the household once for the recognition when a circumstance claims it but no person does', () => {
    const facts = householdFacts({ numeroTitulares: 1, miembrosUnidadFamiliar: 1 }, over60Values, {
      'familiar-dependiente': 'reciente',
    });
    expect(ids(buildDocumentChecklist(facts).hogar)).toContain('hogar/reconocimiento-discapacidad');
  });

  it('marks the declaración responsable as produced by the product', () => {
    const plan = buildDocumentChecklist(
      householdFacts({ numeroTitulares: 1, miembrosUnidadFamiliar: 1 }, over60Values, undefined),
    );
    const declaration = plan.hogar.find((entry) => entry.id === 'hogar/declaracion-responsable');
    expect(declaration?.origen).toBe('producto');
    expect(plan.hogar.filter((entry) => entry.origen === 'producto')).toHaveLength(1);
  });

  it('gives every entry one line of why and where', () => {
    const plan = buildDocumentChecklist(
      householdFacts(
        { numeroTitulares: 1, miembrosUnidadFamiliar: 2 },
        { ...partnerValues, persona1Discapacidad: 'si' },
        { 'familia-numerosa': 'anterior', monoparental: 'anterior', violencia: 'anterior' },
      ),
    );
    for (const entry of listChecklistDocuments(plan)) {
      expect(entry.motivo.length).toBeGreaterThan(30);
      expect(entry.motivo).not.toContain('\n');
      expect(checklistDocumentIdSchema.safeParse(entry.id).success).toBe(true);
      expect(checklistDocumentName(entry.id)).toContain(entry.nombre);
    }
  });

  it('asks only the AEAT certificate of a person whose income is not answered yet', () => {
    const plan = buildDocumentChecklist(
      householdFacts({ numeroTitulares: 2, miembrosUnidadFamiliar: 2 }, {}, 'no es un objeto'),
    );
    expect(person(plan, '2')).toEqual([
      '2/dni-nie',
      '2/certificado-titularidades',
      '2/certificado-renta-aeat',
    ]);
    expect(ids(plan.hogar)).toContain('hogar/libro-de-familia');
  });
});

describe('factsPending', () => {
  it('says the checklist still waits for a person’s answers, until every one is given', () => {
    const counts = { numeroTitulares: 1, miembrosUnidadFamiliar: 2 };
    expect(factsPending(householdFacts(counts, {}, undefined))).toBe(true);
    expect(
      factsPending(
        householdFacts(counts, { ...partnerValues, persona2Menor: undefined }, undefined),
      ),
    ).toBe(true);
    expect(factsPending(householdFacts(counts, partnerValues, undefined))).toBe(false);
  });
});

describe('files the situation no longer needs', () => {
  const facts = householdFacts(
    { numeroTitulares: 1, miembrosUnidadFamiliar: 2 },
    partnerValues,
    undefined,
  );

  it('keeps the files of former slots as not needed, under whose they were', () => {
    const plan = buildDocumentChecklist(facts, [
      '1/nominas',
      '1/vida-laboral',
      'hipoteca/nota-simple',
      'miembro-3/dni-nie',
      'miembro-1/nominas',
    ]);
    const holder = plan.holders['1'];
    expect(holder?.laboral.find((entry) => entry.id === '1/nominas')).toMatchObject({
      necesario: false,
      nombre: 'Tres últimas nóminas',
    });
    expect(holder?.laboral.find((entry) => entry.id === '1/vida-laboral')).toMatchObject({
      necesario: false,
      nombre: 'Vida Laboral',
    });
    expect(plan.hipoteca.find((entry) => entry.id === 'hipoteca/nota-simple')?.necesario).toBe(
      false,
    );
    expect(plan.holders['miembro-3']?.personal.map((entry) => entry.necesario)).toEqual([false]);
    expect(
      plan.holders['miembro-1']?.laboral.find((entry) => entry.id === 'miembro-1/nominas')
        ?.necesario,
    ).toBe(true);
  });

  it('lets a former household slot fill its new entry until that has a file of its own', () => {
    const moved = buildDocumentChecklist(facts, ['1/libro-de-familia']);
    const book = moved.hogar.find((entry) => entry.id === 'hogar/libro-de-familia');
    expect(book).toMatchObject({ necesario: true, slot: '1/libro-de-familia' });
    expect(listChecklistDocuments(moved).filter((entry) => !entry.necesario)).toEqual([]);

    const replaced = buildDocumentChecklist(facts, [
      '1/libro-de-familia',
      'hogar/libro-de-familia',
    ]);
    expect(replaced.hogar.find((entry) => entry.id === 'hogar/libro-de-familia')?.slot).toBe(
      'hogar/libro-de-familia',
    );
    expect(
      replaced.holders['1']?.personal.find((entry) => entry.id === '1/libro-de-familia'),
    ).toMatchObject({ necesario: false });
  });

  it('never drops a filed slot', () => {
    const filed = [
      '1/dni-nie',
      '1/contrato-de-trabajo',
      '2/certificado-de-empadronamiento',
      'hipoteca/recibos-hipoteca',
      'hogar/titulo-familia-numerosa',
    ];
    const plan = buildDocumentChecklist(facts, filed);
    const slots = listChecklistDocuments(plan).map((entry) => entry.slot);
    for (const slot of filed) expect(slots).toContain(slot);
  });
});

describe('countUploadedDocuments', () => {
  it('counts the needed entries the person provides, a retrieved one as there', () => {
    const entry = (archivo: object | null, extra: object = {}) => ({
      archivo,
      necesario: true,
      origen: 'subida' as const,
      obtenidoCon: null,
      ...extra,
    });
    const progress = countUploadedDocuments({
      holders: {
        '1': {
          personal: [entry({}), entry(null)],
          laboral: [entry(null, { obtenidoCon: 'Certificado de imputaciones del IRPF 2025' })],
        },
      },
      hogar: [entry(null, { origen: 'producto' }), entry({}, { necesario: false })],
      hipoteca: [entry(null)],
    });
    expect(progress).toEqual({ uploaded: 2, expected: 4, percent: 50 });
  });
});

describe('retrievalModelsFor', () => {
  it('fills the holder’s AEAT and benefit certificates and nothing of anyone else', () => {
    expect(retrievalModelsFor('1/certificado-renta-aeat')).toContain('AEAT_CERT_IRPF');
    expect(retrievalModelsFor('1/certificado-pension')).toEqual([
      'SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES',
    ]);
    expect(retrievalModelsFor('miembro-1/certificado-renta-aeat')).toEqual([]);
    expect(retrievalModelsFor('1/nominas')).toEqual([]);
  });
});

describe('review facts the checklist depends on', () => {
  it('refuses to finish a review while a person’s facts are missing', () => {
    const check = reviewFormFromValues({ ...partnerValues, persona2Relacion: undefined });
    expect(check.ok).toBe(false);
    expect(check.ok ? null : check.errors.persona2Relacion).toBe('Este campo es obligatorio');
    expect(reviewFormFromValues(partnerValues).ok).toBe(true);
  });
});

describe('household keys and names', () => {
  it('orders holders then the other members', () => {
    expect(holderKeys(2, 4)).toEqual(['1', '2', 'miembro-1', 'miembro-2']);
    expect(otherMembersCount(2, 1)).toBe(0);
    expect(holderKeys(-1, Number.NaN)).toEqual([]);
    expect(holderLabel('miembro-2')).toBe('Miembro 2');
    expect(holderLabel('3')).toBe('Titular 3');
  });

  it('names entries with whose they are, the household’s and mortgage’s alone', () => {
    expect(checklistDocumentName('2/dni-nie')).toBe('DNI/NIE (Titular 2)');
    expect(checklistDocumentName('miembro-1/nominas')).toBe('Tres últimas nóminas (Miembro 1)');
    expect(checklistDocumentName('hogar/libro-de-familia')).toBe('Libro de familia');
    expect(checklistDocumentName('hipoteca/nota-simple')).toBe('Nota Simple');
    expect(checklistDocumentName('1/vida-laboral')).toBe('Vida Laboral (Titular 1)');
    expect(checklistDocumentArticle('1/nominas')).toBe('las');
    for (const id of ['', 'dni-nie', '1/hipoteca', 'hipoteca/dni-nie', '0/dni-nie', 'x/nominas']) {
      expect(checklistDocumentName(id)).toBeUndefined();
    }
  });

  it('labels the income tab for every source of income, and shows unknown states as pending', () => {
    expect(DOCUMENT_CATEGORY_LABELS.laboral).toBe('Documentación de Ingresos');
    expect(normalizeDocumentEstado('en-revision')).toBe('pendiente');
  });
});
