import { Alert, Button, LoadingState, ProgressBar } from '@cbp/ui';
import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { useAuth } from '../../lib/auth';
import { CODE_REPLACED_RETRY } from '../../lib/code-on-demand';
import { focusHeading } from '../../lib/route-focus';
import { furthestStep, hasStarted } from './draft';
import { requestLaterSteps, useLaterSteps, type LaterSteps } from './later-steps-store';
import {
  clearDraft,
  currentDraft,
  updateDraft,
  useHydrated,
  useSimulatorDraft,
} from './draft-store';
import { CONTACT_STEP, QUESTIONS, STEP_COUNT } from './questions';
import { YesNoStep } from './YesNoStep';

type Phase = { kind: 'form' } | { kind: 'sending' } | { kind: 'error'; message: string };

/** A phase belongs to the history entry it started on; moving in history returns to the form. */
interface PhaseAt {
  phase: Phase;
  locationKey: string;
}

const STEP_PARAM = 'paso';

/** Marks history entries the simulator pushed, so 'Atrás' can pop them instead of piling up. */
interface StepHistoryState {
  simulatorFromStep: number;
}

function cameFromStep(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('simulatorFromStep' in state)) return null;
  const from = (state as StepHistoryState).simulatorFromStep;
  return typeof from === 'number' ? from : null;
}

function requestedStep(params: URLSearchParams): number {
  const value = Number(params.get(STEP_PARAM) ?? '1');
  return Number.isInteger(value) ? value : 1;
}

/** The later steps did not arrive: a dropped connection, or a version that replaced them. */
const LATER_STEPS_UNREACHABLE =
  'Comprueba tu conexión y pulsa «Intentar de nuevo». Tus respuestas siguen guardadas.';

/**
 * The public simulator (spec 01, section 2): five questions and the contact step, one per
 * screen. The step is in the address (?paso=3), so the browser's back button works like
 * 'Atrás'; the answers are in sessionStorage (draft-store.ts).
 */
export function Simulator() {
  const hydrated = useHydrated();
  const draft = useSimulatorDraft();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const [phaseAt, setPhaseAt] = useState<PhaseAt | null>(null);
  const phase: Phase =
    phaseAt !== null && phaseAt.locationKey === location.key ? phaseAt.phase : { kind: 'form' };
  const setPhase = (next: Phase) => {
    setPhaseAt({ phase: next, locationKey: location.key });
  };
  const containerRef = useRef<HTMLDivElement>(null);

  const laterSteps = useLaterSteps(
    hydrated && (hasStarted(draft) || requestedStep(searchParams) > 1),
  );
  const later = laterSteps.kind === 'loaded' ? laterSteps.module : null;
  // The prerendered page and the hydration render show step 1; the address and the stored
  // answers apply right after. Null while a typed amount waits for the code that checks it.
  const furthest = hydrated ? furthestStep(draft, later?.amountIsValid ?? null) : 1;
  const step =
    furthest === null ? null : Math.min(Math.max(requestedStep(searchParams), 1), furthest);
  const question = step === null ? undefined : QUESTIONS[step - 1];
  const waitingForLaterSteps =
    phase.kind === 'form' && (step === null || (question?.kind !== 'yes-no' && later === null));
  // A step that waits for its code is not on screen yet: focus moves when it arrives, or to
  // the message that says it could not.
  const view =
    phase.kind !== 'form'
      ? phase.kind
      : !waitingForLaterSteps
        ? `paso-${String(step)}`
        : laterSteps.kind === 'failed'
          ? 'pasos-no-cargados'
          : null;

  const shownView = useRef<string | null>(null);
  // Before the browser paints the new step: React Router renders a step change as a transition,
  // whose effects may run after the screen has changed, and keys pressed in between (typing the
  // next amount right away) went to the old focus and were then lost when focus jumped to the
  // heading (docs/decisions/0430-focus-before-paint.md).
  useLayoutEffect(() => {
    // While the step waits for its code, the screen has not changed yet.
    if (!hydrated || view === null) return;
    // Not on arrival: only when the screen changes under the person.
    if (shownView.current !== null && shownView.current !== view) {
      focusHeading(containerRef.current);
    }
    shownView.current = view;
  }, [hydrated, view]);

  function goToStep(from: number, next: number) {
    void navigate(
      { search: next === 1 ? '' : `?${STEP_PARAM}=${next}` },
      { state: { simulatorFromStep: from } satisfies StepHistoryState },
    );
  }

  function goBack() {
    if (phase.kind !== 'form') {
      setPhase({ kind: 'form' });
      return;
    }
    if (step === null) return;
    const previous = step - 1;
    if (cameFromStep(location.state) === previous) {
      void navigate(-1);
    } else {
      void navigate(
        { search: previous === 1 ? '' : `?${STEP_PARAM}=${previous}` },
        { replace: true },
      );
    }
  }

  async function submit(steps: LaterSteps) {
    const {
      api,
      attemptFor,
      buildSubmission,
      fingerprintOf,
      leads,
      sendingErrorMessage,
      submitLead,
    } = steps;
    const submission = buildSubmission(currentDraft());
    if (submission === null) return;
    const attempt = attemptFor(currentDraft().attempt, fingerprintOf(submission));
    updateDraft((current) => ({ ...current, attempt }));
    setPhase({ kind: 'sending' });
    try {
      // Signed in, the simulation is made for the account; a session that cannot be renewed
      // leaves it anonymous, as for anyone else.
      const token = auth.isAuthenticated
        ? await auth.accessToken().catch(() => undefined)
        : undefined;
      const result = await submitLead(
        { ...api(), ...leads() },
        submission,
        attempt.idempotencyKey,
        token,
      );
      await navigate(result.path, { state: result.state });
      clearDraft();
    } catch (error) {
      console.error('Error al enviar el simulador', error);
      setPhase({
        kind: 'error',
        message: sendingErrorMessage(error),
      });
    }
  }

  return (
    <div
      ref={containerRef}
      className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:py-12"
    >
      {phase.kind === 'form' && step !== null ? (
        <div className="flex flex-col gap-4">
          {step > 1 ? (
            <div>
              <Button variant="link" onClick={goBack}>
                <span aria-hidden="true">‹</span>
                Atrás
              </Button>
            </div>
          ) : null}
          <ProgressBar
            label={`Paso ${step} de ${STEP_COUNT}`}
            value={step}
            max={STEP_COUNT}
            showPercent={false}
            size="sm"
          />
        </div>
      ) : null}

      {phase.kind === 'sending' ? (
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl leading-tight font-bold outline-none">Calculando tu resultado</h1>
          <LoadingState
            label="Enviando tus datos..."
            description="Solo tardará unos segundos. No cierres esta página."
          />
        </div>
      ) : null}

      {phase.kind === 'error' ? (
        <div className="flex flex-col gap-6">
          <h1 className="text-3xl leading-tight font-bold outline-none">Ha ocurrido un error</h1>
          <Alert variant="error">
            <p>{phase.message}</p>
          </Alert>
          <p>
            Tus respuestas y tus datos siguen aquí: puedes intentarlo de nuevo sin volver a
            escribirlos.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button
              size="lg"
              onClick={() => {
                if (later !== null) void submit(later);
              }}
            >
              Intentar de nuevo
            </Button>
            <Button size="lg" variant="outline" onClick={goBack}>
              Revisar mis datos
            </Button>
          </div>
        </div>
      ) : null}

      {waitingForLaterSteps && laterSteps.kind === 'failed' ? (
        <div className="flex flex-col gap-6">
          <h1 className="text-3xl leading-tight font-bold outline-none">
            No hemos podido cargar este paso
          </h1>
          <Alert variant="error">
            <p>{laterSteps.outdated ? CODE_REPLACED_RETRY : LATER_STEPS_UNREACHABLE}</p>
          </Alert>
          <div>
            <Button
              size="lg"
              onClick={() => {
                // The answers are in sessionStorage: the new version opens on the same step.
                if (laterSteps.outdated) window.location.reload();
                else requestLaterSteps();
              }}
            >
              Intentar de nuevo
            </Button>
          </div>
        </div>
      ) : waitingForLaterSteps ? (
        <LoadingState label="Cargando el siguiente paso..." />
      ) : null}

      {phase.kind === 'form' && step !== null && question?.kind === 'yes-no' ? (
        <YesNoStep
          key={question.key}
          question={question}
          value={draft.answers[question.key]}
          onAnswer={(answer) => {
            updateDraft((current) => ({
              ...current,
              answers: { ...current.answers, [question.key]: answer },
            }));
            goToStep(step, step + 1);
          }}
        />
      ) : null}

      {phase.kind === 'form' && step !== null && later !== null && question?.kind === 'amount' ? (
        <later.AmountStep
          key={question.key}
          question={question}
          text={draft.amounts[question.key]}
          onTextChange={(text) => {
            updateDraft((current) => ({
              ...current,
              amounts: { ...current.amounts, [question.key]: text },
            }));
          }}
          onNext={() => {
            goToStep(step, step + 1);
          }}
        />
      ) : null}

      {phase.kind === 'form' && step === CONTACT_STEP && later !== null ? (
        <later.ContactStep
          contact={draft.contact}
          privacyAccepted={draft.privacyAccepted}
          onContactChange={(key, value) => {
            updateDraft((current) => ({
              ...current,
              contact: { ...current.contact, [key]: value },
            }));
          }}
          onPrivacyChange={(accepted) => {
            updateDraft((current) => ({ ...current, privacyAccepted: accepted }));
          }}
          onSubmit={() => void submit(later)}
        />
      ) : null}
    </div>
  );
}
