import { isApiError, RULES, type ReviewDraft, type ReviewFieldName } from '@cbp/core';
import { Alert, Button, ErrorSummary, Stepper } from '@cbp/ui';
import * as React from 'react';

import { useAuth } from '../../lib/auth';
import { useAutosave } from '../../lib/forms/use-autosave';
import { useSubmission } from '../../lib/forms/use-submission';
import { fieldMessagesOf, finalizeReview, isLockedError, saveReview } from './api';
import { SaveStatus } from './SaveStatus';
import {
  errorsAtPlace,
  fieldId,
  fromDraft,
  mergeValues,
  nextPlace,
  placeOfField,
  placeProblem,
  previousPlace,
  problemsAt,
  readStoredValue,
  reviewProblems,
  STEP_COUNT,
  withField,
  withoutKey,
  type FieldErrors,
  type WizardValue,
} from './state';
import { fieldLabel, prefillSource } from './summary';
import { CountsStep } from './steps/CountsStep';
import { DataStep } from './steps/DataStep';
import { ManagerStep } from './steps/ManagerStep';
import { PersonsStep } from './steps/PersonsStep';
import {
  BACK_TO_SUMMARY,
  FINALIZE,
  FINALIZE_FAILED,
  FINALIZE_UNSAVED,
  FINALIZING,
  NEXT,
  PREVIOUS,
  SAVE_STATUS,
  STEP_HEADINGS,
  STEP_LABELS,
  WIZARD_TITLE,
} from './strings';

const STEPPER_LABELS = ([1, 2, 3, 4] as const).map((step) => STEP_LABELS[step]);

type FocusRequest =
  | { readonly kind: 'heading' }
  | { readonly kind: 'tab' }
  | { readonly kind: 'field'; readonly field: ReviewFieldName };

/** Focuses a field's control and brings its label into view with it. */
function focusField(field: ReviewFieldName) {
  const control = document.getElementById(fieldId(field));
  if (control === null) return;
  const label =
    control instanceof HTMLInputElement || control instanceof HTMLSelectElement
      ? control.labels?.[0]
      : undefined;
  (label ?? control).scrollIntoView({ block: 'start' });
  control.focus({ preventScroll: true });
}

export interface ReviewWizardProps {
  /** The review as the server had it when the wizard opened. */
  draft: ReviewDraft;
  /** The name to keep unsaved changes under in this browser (one per case); null keeps none. */
  copyName: string | null;
  /** Opens on this field's step and tab and focuses it ('Cambiar' on the summary). */
  field?: ReviewFieldName | null;
  /** Messages to show on their fields from the start (a refused finalization on the summary). */
  initialErrors?: FieldErrors;
  /** Moves focus to the step's heading when the wizard appears (not on the page's first load). */
  focusOnMount?: boolean;
  /** After each save the server kept, with its copy. */
  onSaved: (draft: ReviewDraft) => void;
  onFinalized: (draft: ReviewDraft) => void;
  /** The server refused a change: the file was sent meanwhile. */
  onLocked: () => void;
}

/**
 * The four-step review (spec 02, sections 2.5, 4.6 and 5), kept on the server as it is filled
 * in: values as typed, with the step and tab, so another device opens where the person left.
 */
export function ReviewWizard({
  draft,
  copyName,
  field: startField = null,
  initialErrors = {},
  focusOnMount = false,
  onSaved,
  onFinalized,
  onLocked,
}: ReviewWizardProps) {
  const { authorizedCall } = useAuth();
  const [start] = React.useState(() => {
    const value = fromDraft(draft);
    return startField === null ? value : placeOfField(value, startField);
  });

  const save = React.useCallback(
    async (value: WizardValue, revision: number) => {
      let saved: ReviewDraft;
      try {
        saved = await saveReview(authorizedCall, value, revision);
      } catch (error) {
        console.error('No se pudo guardar la revisión del expediente', error);
        throw error;
      }
      onSaved(saved);
      return { revision: saved.revision, value: fromDraft(saved) };
    },
    [authorizedCall, onSaved],
  );
  const autosave = useAutosave<WizardValue>({
    value: start,
    revision: draft.revision,
    save,
    savedNoticeMs: RULES.timings.savedNoticeMs,
    merge: mergeValues,
    localCopy: copyName === null ? null : { name: copyName, read: readStoredValue },
  });
  const value = autosave.value;
  const { paso, pestana, valores } = value;

  const [errors, setErrors] = React.useState<FieldErrors>(initialErrors);
  const [summary, setSummary] = React.useState<{ attempt: number; fields: ReviewFieldName[] }>(
    () => ({ attempt: 0, fields: errorsAtPlace(start, initialErrors) }),
  );
  const [blockedAttempt, setBlockedAttempt] = React.useState(0);
  const [failure, setFailure] = React.useState<string | null>(null);

  const headingRef = React.useRef<HTMLHeadingElement>(null);
  const tabListRef = React.useRef<HTMLDivElement>(null);
  const focusRequest = React.useRef<FocusRequest | null>(
    startField !== null
      ? { kind: 'field', field: startField }
      : focusOnMount
        ? { kind: 'heading' }
        : null,
  );

  // Before paint, so keys pressed right after 'Siguiente' land on the new step.
  React.useLayoutEffect(() => {
    const request = focusRequest.current;
    if (request === null) return;
    focusRequest.current = null;
    if (request.kind === 'heading') headingRef.current?.focus();
    else if (request.kind === 'tab') {
      tabListRef.current?.querySelector<HTMLElement>('[role="tab"][data-state="active"]')?.focus();
    } else focusField(request.field);
  });

  const locked = autosave.state === 'failed' && isLockedError(autosave.error);
  const { stop } = autosave;
  React.useEffect(() => {
    if (!locked) return;
    stop({ forgetLocalCopy: true });
    onLocked();
  }, [locked, stop, onLocked]);

  const prefillOf = (field: ReviewFieldName) =>
    prefillSource(field, draft.prefill, start.valores, valores);

  const onField = (field: ReviewFieldName, text: string) => {
    autosave.change((current) => ({
      ...current,
      valores: withField(current.valores, field, text),
    }));
    if (errors[field] !== undefined) {
      setErrors((current) => withoutKey(current, field));
    }
  };

  /** Shows field problems at the place they are, with a summary that takes focus. */
  const showProblems = (found: FieldErrors, place: WizardValue) => {
    setErrors((current) => ({ ...current, ...found }));
    if (place.paso !== paso || place.pestana !== pestana) {
      autosave.change((current) => ({ ...current, paso: place.paso, pestana: place.pestana }), {
        immediate: true,
      });
    }
    setSummary((current) => ({
      attempt: current.attempt + 1,
      fields: errorsAtPlace(place, { ...errors, ...found }),
    }));
  };

  const moveTo = (next: WizardValue, focus: FocusRequest) => {
    setSummary((current) => ({ ...current, fields: [] }));
    setFailure(null);
    focusRequest.current = focus;
    autosave.change((current) => ({ ...current, paso: next.paso, pestana: next.pestana }), {
      immediate: true,
    });
  };

  const next = () => {
    const problem = placeProblem(value);
    if (problem !== null) {
      if (problem.message !== null) setBlockedAttempt((count) => count + 1);
      else showProblems(problem.errors, value);
      return;
    }
    const following = nextPlace(value);
    moveTo(following, following.paso === paso ? { kind: 'tab' } : { kind: 'heading' });
  };

  const finalize = useSubmission(async () => {
    setFailure(null);
    const problems = reviewProblems(value);
    if (problems !== null) {
      showProblems(problems.errors, problems.place);
      return;
    }
    if (!(await autosave.flush())) {
      // A locked file is handled by the effect above.
      if (!isLockedError(autosave.error)) setFailure(FINALIZE_UNSAVED);
      return;
    }
    try {
      onFinalized(await finalizeReview(authorizedCall));
    } catch (error) {
      const messages = fieldMessagesOf(error);
      const refused = messages === null ? null : problemsAt(value, messages);
      if (refused !== null) {
        showProblems(refused.errors, refused.place);
      } else if (isLockedError(error)) {
        onLocked();
      } else {
        console.error('No se pudo finalizar la revisión', error);
        setFailure(
          isApiError(error) && (error.status ?? 500) < 500 ? error.message : FINALIZE_FAILED,
        );
      }
    }
  });

  const stepFields = { valores, errors, onField, prefillOf };
  const summaryItems = summary.fields.flatMap((field) => {
    const message = errors[field];
    return message === undefined
      ? []
      : [{ fieldId: fieldId(field), message: `${fieldLabel(field, valores)}: ${message}` }];
  });

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-3xl leading-tight font-bold">{WIZARD_TITLE}</h1>
      <Stepper steps={STEPPER_LABELS} currentStep={paso} aria-label="Progreso de la revisión" />
      {autosave.restored && autosave.unsaved ? (
        <Alert variant="info">
          <p>{SAVE_STATUS.restored}</p>
        </Alert>
      ) : null}
      <form
        noValidate
        className="flex flex-col gap-6"
        aria-labelledby="revision-paso"
        onSubmit={(event) => {
          event.preventDefault();
          if (paso === STEP_COUNT) void finalize.submit();
          else next();
        }}
      >
        <div className="flex flex-col gap-2">
          <h2
            id="revision-paso"
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl leading-tight font-bold outline-none"
          >
            {STEP_HEADINGS[paso].title}
          </h2>
          <p className="text-lg">{STEP_HEADINGS[paso].intro}</p>
        </div>
        {summaryItems.length > 0 ? (
          <ErrorSummary key={summary.attempt} errors={summaryItems} />
        ) : null}
        {failure === null ? null : (
          <Alert variant="error" role="alert">
            <p>{failure}</p>
          </Alert>
        )}
        {paso === 1 ? <CountsStep {...stepFields} /> : null}
        {paso === 2 ? (
          <DataStep
            {...stepFields}
            tab={pestana}
            tabListRef={tabListRef}
            onTab={(tab) => {
              setSummary((current) => ({ ...current, fields: [] }));
              autosave.change((current) => ({ ...current, pestana: tab }), { immediate: true });
            }}
          />
        ) : null}
        {paso === 3 ? (
          <PersonsStep
            {...stepFields}
            attempt={blockedAttempt}
            onFirstStep={() => {
              moveTo({ ...value, paso: 1 }, { kind: 'heading' });
            }}
          />
        ) : null}
        {paso === 4 ? <ManagerStep {...stepFields} /> : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="button"
            variant="outline"
            size="lg"
            disabled={paso === 1}
            onClick={() => {
              moveTo(previousPlace(value), { kind: 'heading' });
            }}
          >
            {PREVIOUS}
          </Button>
          <Button type="submit" size="lg" busy={finalize.busy} busyLabel={FINALIZING}>
            {paso === STEP_COUNT ? FINALIZE : NEXT}
          </Button>
          {startField !== null && paso !== STEP_COUNT ? (
            <Button
              type="button"
              variant="secondary"
              size="lg"
              onClick={() => void finalize.submit()}
            >
              {BACK_TO_SUMMARY}
            </Button>
          ) : null}
        </div>
        <SaveStatus state={autosave.state} onRetry={() => void autosave.retry()} />
      </form>
    </div>
  );
}
