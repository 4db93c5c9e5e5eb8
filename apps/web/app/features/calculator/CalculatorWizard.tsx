import {
  CALCULATOR_STEP_LABELS,
  isApiError,
  RULES,
  type CalculationRecord,
  type CalculatorFieldName,
  type CalculatorStep,
} from '@cbp/core';
import { Alert, Button, ErrorSummary, Stepper } from '@cbp/ui';
import * as React from 'react';

import { useAuth } from '../../lib/auth';
import { useFirstUse } from '../../lib/first-use';
import { useAutosave } from '../../lib/forms/use-autosave';
import { useSubmission } from '../../lib/forms/use-submission';
import { calculate, saveDraft } from './api';
import {
  fieldId,
  problemAfterChange,
  STEP_COUNT,
  stepOfField,
  stepProblem,
  submissionProblem,
  toRequest,
  type CalculatorValues,
  type StepProblem,
} from './state';
import {
  calculatorCopyName,
  instantRevision,
  readStoredDraft,
  type StartingPoint,
  type WizardDraft,
} from './start';
import { preloadLaterSteps, StepFields } from './steps/StepFields';
import {
  CALCULATE_FAILED,
  INVALID_FIELD,
  REQUIRED_FIELD,
  RESTORED,
  SAVE_FAILED,
  STEP_HEADINGS,
  WIZARD_TITLE,
  type FieldErrors,
} from './strings';
import { PrefillNote } from './PrefillNote';

const STEP_LABELS = [1, 2, 3, 4, 5].map((step) => CALCULATOR_STEP_LABELS[step as CalculatorStep]);

interface ShownProblem extends StepProblem {
  readonly attempt: number;
}

function fieldErrors(problem: StepProblem | null, values: CalculatorValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of problem?.fields ?? []) {
    const empty =
      field === 'banco'
        ? values.banco === null
        : field in values.numbers &&
          values.numbers[field as keyof CalculatorValues['numbers']].trim() === '';
    errors[field] = empty ? REQUIRED_FIELD : (problem?.fieldMessage ?? INVALID_FIELD);
  }
  if (problem !== null && problem.fields.includes('banco')) errors.banco = problem.message;
  return errors;
}

export interface CalculatorWizardProps {
  start: StartingPoint;
  /** Moves focus to the wizard's heading when it appears ('Modificar datos'). */
  focusOnMount?: boolean;
  /** After each draft the server kept. */
  onDraftSaved?: () => void;
  onCalculated: (record: CalculationRecord) => void;
}

/**
 * The five-step calculator (spec 02, sections 2.1, 4.1 and 5). Each step is checked before
 * moving on; the figures are kept on the server as a draft while they are typed, so another
 * device opens the wizard where it was left; 'Calcular' asks the server, which computes.
 */
export function CalculatorWizard({
  start,
  focusOnMount = false,
  onDraftSaved,
  onCalculated,
}: CalculatorWizardProps) {
  const { authorizedCall, user } = useAuth();
  const leadId = user?.leadId ?? null;
  const save = React.useCallback(
    async (draft: WizardDraft) => {
      let kept: { actualizado: string };
      try {
        kept = await saveDraft(authorizedCall, toRequest(draft.values), draft.step);
      } catch (error) {
        console.error('No se pudo guardar el borrador de la calculadora', error);
        throw error;
      }
      onDraftSaved?.();
      return { revision: instantRevision(kept.actualizado), value: draft };
    },
    [authorizedCall, onDraftSaved],
  );
  // The server keeps no revision of the draft, only when it kept it: that time stands in for one,
  // so this browser's copy is restored only when no device saved since this one last did.
  const autosave = useAutosave<WizardDraft>({
    value: { values: start.values, step: start.step },
    revision: start.revision,
    save,
    savedNoticeMs: RULES.timings.savedNoticeMs,
    serverStampsRevision: true,
    localCopy: leadId === null ? null : { name: calculatorCopyName(leadId), read: readStoredDraft },
  });
  const { values, step } = autosave.value;
  const [problem, setProblem] = React.useState<ShownProblem | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  const shownStep = React.useRef<CalculatorStep | null>(focusOnMount ? null : start.step);

  // The next steps' questions come while the person answers this one.
  useFirstUse(() => {
    preloadLaterSteps().catch(() => undefined);
  });

  // Before paint, so keys pressed right after 'Siguiente' land on the new step.
  React.useLayoutEffect(() => {
    if (shownStep.current !== step) headingRef.current?.focus();
    shownStep.current = step;
  }, [step]);

  const update = (change: (current: CalculatorValues) => CalculatorValues) => {
    autosave.change((current) => ({ ...current, values: change(current.values) }));
    setProblem((current) => problemAfterChange(current, change(values)));
  };

  const show = (found: StepProblem) => {
    setProblem((current) => ({ ...found, attempt: (current?.attempt ?? 0) + 1 }));
  };

  const goTo = (next: CalculatorStep) => {
    setProblem(null);
    setFailure(null);
    autosave.change((current) => ({ ...current, step: next }), { immediate: true });
  };

  const submission = useSubmission(async () => {
    setFailure(null);
    const found = submissionProblem(values);
    if (found !== null) {
      const first = found.fields[0];
      if (first !== undefined && stepOfField(first) !== step) {
        autosave.change((current) => ({ ...current, step: stepOfField(first) }));
      }
      show(found);
      return;
    }
    setProblem(null);
    // The results screen is loaded while the server computes.
    void import('./CalculatorResults');
    // The figures go to the server first; a failed save does not stop the calculation.
    await autosave.flush();
    try {
      const record = await calculate(authorizedCall, toRequest(values));
      // The server dropped the draft with this calculation: nothing is to be saved again.
      autosave.stop({ forgetLocalCopy: true });
      onCalculated(record);
    } catch (error) {
      console.error('Error al calcular la cuota', error);
      setFailure(
        isApiError(error) && (error.status ?? 500) < 500 ? error.message : CALCULATE_FAILED,
      );
    }
  });

  const next = () => {
    const found = stepProblem(step, values);
    if (found !== null) {
      show(found);
      return;
    }
    if (step < STEP_COUNT) goTo((step + 1) as CalculatorStep);
  };

  const errors = fieldErrors(problem, values);
  const firstField: CalculatorFieldName | undefined = problem?.fields[0];
  const heading = STEP_HEADINGS[step];

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-3xl leading-tight font-bold">{WIZARD_TITLE}</h1>
      <Stepper steps={STEP_LABELS} currentStep={step} aria-label="Progreso de la calculadora" />
      {autosave.restored && autosave.unsaved ? (
        <Alert variant="info">
          <p>{RESTORED}</p>
        </Alert>
      ) : null}
      <form
        noValidate
        className="flex flex-col gap-6"
        aria-labelledby="calculadora-paso"
        onSubmit={(event) => {
          event.preventDefault();
          if (step === STEP_COUNT) void submission.submit();
          else next();
        }}
      >
        <h2
          id="calculadora-paso"
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl leading-tight font-bold outline-none"
        >
          {heading.title}
        </h2>
        {problem !== null && firstField !== undefined ? (
          <ErrorSummary
            key={problem.attempt}
            errors={[{ fieldId: fieldId(firstField), message: problem.message }]}
          />
        ) : null}
        {failure === null ? null : (
          <Alert variant="error" role="alert">
            <p>{failure}</p>
          </Alert>
        )}
        {step === 4 || step === 5 ? (
          <PrefillNote prefill={start.prefilled} step={step} startNumbers={start.values.numbers} />
        ) : null}
        <StepFields step={step} values={values} errors={errors} onChange={update} />
        <div className="flex flex-wrap items-center gap-3">
          {step > 1 ? (
            <Button
              type="button"
              variant="outline"
              size="lg"
              onClick={() => {
                goTo((step - 1) as CalculatorStep);
              }}
            >
              Anterior
            </Button>
          ) : null}
          <Button type="submit" size="lg" busy={submission.busy} busyLabel="Calculando...">
            {step === STEP_COUNT ? 'Calcular' : 'Siguiente'}
          </Button>
        </div>
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {autosave.state === 'failed' ? SAVE_FAILED : ''}
        </p>
      </form>
    </div>
  );
}
