import { billingHistoryOf } from './modules/billing/history';
import { planStepState } from './modules/billing/service';
import { calculationsHistoryOf } from './modules/calculations/history';
import { calculatorStepState } from './modules/calculations/service';
import { caseStatusStepState } from './modules/case/status';
import { declarationHistoryOf } from './modules/declaration/history';
import { documentsHistoryOf } from './modules/documents/history';
import { documentsStepState } from './modules/documents/service';
import { leadHistoryOf } from './modules/leads/history';
import { reviewHistoryOf, reviewStepState } from './modules/review/service';
import { submissionHistoryOf } from './modules/submission/history';
import { submissionStepState } from './modules/submission/service';
import type { CaseOptions } from './modules/case/routes';

/**
 * What each module tells the case: the state of its step in the task list, and its part of the
 * status screen's history. Gathered here, outside the modules, because the case's own module is
 * one they import.
 */
export const CASE_PARTS: Pick<CaseOptions, 'reporters' | 'history'> = {
  reporters: {
    'calcular-cuota': calculatorStepState,
    'obtener-documentos': documentsStepState,
    'seleccionar-plan': planStepState,
    'revisar-expediente': reviewStepState,
    'enviar-expediente': submissionStepState,
    'estado-caso': caseStatusStepState,
  },
  history: [
    leadHistoryOf,
    calculationsHistoryOf,
    documentsHistoryOf,
    billingHistoryOf,
    reviewHistoryOf,
    declarationHistoryOf,
    submissionHistoryOf,
  ],
};
