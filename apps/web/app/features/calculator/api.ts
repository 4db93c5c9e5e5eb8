import {
  calculatorApi,
  prefillFromSimulator,
  type CalculationRecord,
  type CalculationRequest,
  type CalculatorDraft,
  type CalculatorStep,
} from '@cbp/core';

import { areaClient } from '../../lib/api';
import type { AuthContextValue } from '../../lib/auth';
import { NUMBER_FIELDS, type NumberFieldName } from './state';
import { type StartInputs } from './start';

const calculator = areaClient(calculatorApi);

type AuthorizedCall = AuthContextValue['authorizedCall'];

export interface CalculatorData {
  readonly latest: CalculationRecord | null;
  readonly start: Omit<StartInputs, 'cuotaActual'>;
}

function numbersOf(partial: Partial<CalculationRequest>): Partial<Record<NumberFieldName, number>> {
  const numbers: Partial<Record<NumberFieldName, number>> = {};
  for (const field of NUMBER_FIELDS) {
    const value = partial[field];
    if (typeof value === 'number') numbers[field] = value;
  }
  return numbers;
}

/** Everything the calculator starts from, from the server: last result, draft, simulator. */
export async function loadCalculator(call: AuthorizedCall): Promise<CalculatorData> {
  const [latest, draft] = await Promise.all([
    call((token) => calculator().latestCalculation(token)),
    call((token) => calculator().getCalculatorDraft(token)),
  ]);
  return {
    latest,
    start: {
      draft: draft.borrador,
      lastInput: latest?.entrada ?? null,
      lastCalculatedAt: latest?.creado ?? null,
      fromSimulator:
        draft.simulador === null
          ? null
          : {
              values: numbersOf(prefillFromSimulator(draft.simulador)),
              answeredAt: draft.simulador.fecha,
            },
    },
  };
}

export function saveDraft(
  call: AuthorizedCall,
  entrada: CalculationRequest,
  paso: CalculatorStep,
): Promise<CalculatorDraft> {
  return call((accessToken) =>
    calculator().saveCalculatorDraft({ entrada, paso }, { accessToken }),
  );
}

export function calculate(
  call: AuthorizedCall,
  entrada: CalculationRequest,
): Promise<CalculationRecord> {
  return call((accessToken) => calculator().calculate(entrada, { accessToken }));
}
