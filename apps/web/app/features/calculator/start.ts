import {
  calculationCircumstances,
  calculatorDraftRequestSchema,
  circumstancesSchema,
  CALCULATOR_FIELD_LABELS,
  formatLongDate,
  madridDay,
  isDiscapacidad,
  type CalculationRequest,
  type CalculatorStep,
} from '@cbp/core';

import {
  type NumberFieldName,
  NUMBER_FIELDS,
  type CalculatorValues,
  EMPTY_VALUES,
  isCalculatorStep,
  numberText,
  toRequest,
  fromRequest,
  stepOfField,
} from './state';

/** What the wizard starts with, and the note that says where prefilled figures came from. */
export interface StartingPoint {
  readonly values: CalculatorValues;
  readonly step: CalculatorStep;
  /** The prefilled fields and their origin, or null when nothing was prefilled. */
  readonly prefilled: Prefill | null;
  /**
   * When the server last kept the draft (ms), or 0: a copy this browser kept of changes it could
   * not save is restored only when newer, never over what another device saved since.
   */
  readonly revision: number;
}

/** What the wizard keeps as its draft, on the server and in this browser's copy. */
export interface WizardDraft {
  readonly values: CalculatorValues;
  readonly step: CalculatorStep;
}

/**
 * The revision a local copy is compared with: when the server last kept the figures (a draft
 * saved or a calculation made), in ms; 0 when it never did.
 */
export function instantRevision(iso: string | null): number {
  const time = iso === null ? Number.NaN : Date.parse(iso);
  return Number.isFinite(time) ? time : 0;
}

/** The name of this browser's copy of the calculator's unsaved changes, one per case. */
export function calculatorCopyName(leadId: string): string {
  return `calculadora:${leadId}`;
}

/** A draft read back from this browser's copy, checked like the server checks a save; else null. */
export function readStoredDraft(stored: unknown): WizardDraft | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const { values, step } = stored as Record<string, unknown>;
  if (!isCalculatorStep(step) || typeof values !== 'object' || values === null) return null;
  const { banco, discapacidad, circunstancias, mayorSesenta, numbers } = values as Record<
    string,
    unknown
  >;
  if (typeof numbers !== 'object' || numbers === null) return null;
  const texts = numbers as Record<string, unknown>;
  // A copy kept before the seven questions has mayorSesenta (and grupoVulnerable) instead.
  const answered = circumstancesSchema.safeParse(circunstancias ?? {});
  if (
    (banco !== null && typeof banco !== 'string') ||
    !isDiscapacidad(discapacidad) ||
    !answered.success ||
    !NUMBER_FIELDS.every((field) => typeof texts[field] === 'string')
  ) {
    return null;
  }
  const read: CalculatorValues = {
    banco,
    discapacidad,
    circunstancias: calculationCircumstances({
      circunstancias: answered.data,
      mayorSesenta: mayorSesenta === true,
      discapacidad,
    }),
    numbers: Object.fromEntries(NUMBER_FIELDS.map((field) => [field, texts[field]])) as Record<
      NumberFieldName,
      string
    >,
  };
  const accepted = calculatorDraftRequestSchema.safeParse({ entrada: toRequest(read), paso: step });
  return accepted.success ? { values: read, step } : null;
}

export interface Prefill {
  readonly source: 'simulador' | 'estado';
  readonly fields: readonly NumberFieldName[];
  /** When the simulator was answered (ISO), when known. */
  readonly answeredAt: string | null;
}

export interface StartInputs {
  /** The draft kept on the server, if the person left the wizard half-way. */
  readonly draft: {
    readonly entrada: CalculationRequest;
    readonly paso: number;
    /** When the server kept it (ISO). */
    readonly actualizado: string;
  } | null;
  /** The input of the last calculation, to change it with 'Modificar datos'. */
  readonly lastInput: CalculationRequest | null;
  /** When that calculation was made (ISO): a copy of changes older than it is not restored. */
  readonly lastCalculatedAt?: string | null;
  /** What the public simulator already asked, mapped to the calculator's fields. */
  readonly fromSimulator: {
    readonly values: Partial<Record<NumberFieldName, number>>;
    readonly answeredAt: string;
  } | null;
  /** cuotaActual handed over in router state (spec 02, section 2.1). */
  readonly cuotaActual: number | null;
}

/**
 * Where the wizard starts: the draft where it was left; else the last calculation's figures;
 * else a blank form with what the simulator (or the router state) already said.
 */
export function startingPoint(inputs: StartInputs): StartingPoint {
  if (inputs.draft !== null) {
    const step = isCalculatorStep(inputs.draft.paso) ? inputs.draft.paso : 1;
    return {
      values: fromRequest(inputs.draft.entrada),
      step,
      prefilled: null,
      revision: instantRevision(inputs.draft.actualizado),
    };
  }
  if (inputs.lastInput !== null) {
    return {
      values: fromRequest(inputs.lastInput),
      step: 1,
      prefilled: null,
      revision: instantRevision(inputs.lastCalculatedAt ?? null),
    };
  }
  const numbers: Record<NumberFieldName, string> = { ...EMPTY_VALUES.numbers };
  const fields: NumberFieldName[] = [];
  let source: Prefill['source'] = 'simulador';
  const fromSimulator = inputs.fromSimulator?.values ?? {};
  for (const field of NUMBER_FIELDS) {
    const value = fromSimulator[field];
    if (value !== undefined && Number.isFinite(value) && value > 0) {
      numbers[field] = numberText(value);
      fields.push(field);
    }
  }
  if (inputs.cuotaActual !== null && inputs.cuotaActual > 0 && numbers.pagoMensualHipoteca === '') {
    numbers.pagoMensualHipoteca = numberText(inputs.cuotaActual);
    fields.push('pagoMensualHipoteca');
    if (fields.length === 1) source = 'estado';
  }
  return {
    values: { ...EMPTY_VALUES, numbers },
    step: 1,
    prefilled:
      fields.length === 0
        ? null
        : {
            source,
            fields,
            answeredAt: source === 'simulador' ? (inputs.fromSimulator?.answeredAt ?? null) : null,
          },
    revision: 0,
  };
}

/**
 * The line that says where the prefilled figures of a step came from (the issue asks the
 * person to see it), e.g. "Hemos puesto la cuota actual (700,00 €) que indicaste en el simulador
 * el 24 de noviembre de 2026. Cámbiala si no es exacta."
 */
export function prefillSentences(
  prefill: Prefill | null,
  step: CalculatorStep,
  startNumbers: Readonly<Record<string, string>>,
): string[] {
  if (prefill === null) return [];
  const when =
    prefill.answeredAt === null
      ? ''
      : ` el ${formatLongDate(madridDay(new Date(prefill.answeredAt)))}`;
  const origin = prefill.source === 'simulador' ? `en el simulador${when}` : 'en el simulador';
  return prefill.fields
    .filter((field) => stepOfField(field) === step)
    .map((field) => {
      const figure = `${startNumbers[field] ?? ''}\u00a0€`;
      if (field === 'ingresosNetosAnuales') {
        return `Hemos puesto como ingresos netos anuales ${figure}: doce veces los ingresos mensuales que indicaste ${origin}. Cámbialos si no son exactos.`;
      }
      if (field === 'pagoMensualHipoteca') {
        return `Hemos puesto como cuota actual ${figure}, la que indicaste ${origin}. Cámbiala si no es exacta.`;
      }
      return `Hemos puesto ${CALCULATOR_FIELD_LABELS[field].toLowerCase()}: ${figure}, según indicaste ${origin}.`;
    });
}

/** cuotaActual handed over in router state (spec 02, section 2.1), when it is a usable amount. */
export function cuotaActualFromState(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('cuotaActual' in state)) return null;
  const value = state.cuotaActual;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}
