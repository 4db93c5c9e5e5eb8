import { LEAD_FALLBACK_MESSAGES, isApiError } from '@cbp/core';
import { Alert, Button, LoadingState, ProgressBar } from '@cbp/ui';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { useAuth } from '../../lib/auth';
import { OutdatedPageError, onDemand } from '../../lib/code-on-demand';
import { focusHeading } from '../../lib/route-focus';
import { AmountStep } from './AmountStep';
import { ContactStep } from './ContactStep';
import { furthestStep } from './draft';
import {
  clearDraft,
  currentDraft,
  updateDraft,
  useHydrated,
  useSimulatorDraft,
} from './draft-store';
import { CONTACT_STEP, QUESTIONS, STEP_COUNT } from './questions';
import { attemptFor, buildSubmission, fingerprintOf, submitLead } from './submission';
import { YesNoStep } from './YesNoStep';

type Phase =
  { kind: 'form' } | { kind: 'sending' } | { kind: 'error'; message: string; outdated: boolean };

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

/**
 * The API client and the schemas of every response come with the submission, not with the
 * first question: most of the page's start-up work would otherwise go to code that is needed
 * only at the end. The contact step starts loading it.
 */
const loadApi = onDemand(() => import('./api'));

/** A new version replaced the code that sends: «Intentar de nuevo» then reloads the page. */
const OUTDATED_SIMULATOR =
  'Hemos actualizado la web mientras la usabas. Pulsa «Intentar de nuevo» para cargar la versión nueva.';

function errorMessage(error: unknown): string {
  if (error instanceof OutdatedPageError) return OUTDATED_SIMULATOR;
  return isApiError(error) ? error.message : LEAD_FALLBACK_MESSAGES.createLead;
}

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

  // The prerendered page and the hydration render show step 1; the address and the stored
  // answers apply right after.
  const step = hydrated
    ? Math.min(Math.max(requestedStep(searchParams), 1), furthestStep(draft))
    : 1;
  const view = phase.kind === 'form' ? `paso-${step}` : phase.kind;

  useEffect(() => {
    // Only a head start: if it fails, sending tries again and says why.
    if (step === CONTACT_STEP) loadApi().catch(() => undefined);
  }, [step]);

  const shownView = useRef<string | null>(null);
  // Before the browser paints the new step: React Router renders a step change as a transition,
  // whose effects may run after the screen has changed, and keys pressed in between (typing the
  // next amount right away) went to the old focus and were then lost when focus jumped to the
  // heading (docs/decisions/0430-focus-before-paint.md).
  useLayoutEffect(() => {
    if (!hydrated) return;
    // Not on arrival: only when the screen changes under the person.
    if (shownView.current !== null && shownView.current !== view) {
      focusHeading(containerRef.current);
    }
    shownView.current = view;
  }, [hydrated, view]);

  function goToStep(next: number) {
    void navigate(
      { search: next === 1 ? '' : `?${STEP_PARAM}=${next}` },
      { state: { simulatorFromStep: step } satisfies StepHistoryState },
    );
  }

  function goBack() {
    if (phase.kind !== 'form') {
      setPhase({ kind: 'form' });
      return;
    }
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

  async function submit() {
    const submission = buildSubmission(currentDraft());
    if (submission === null) return;
    const attempt = attemptFor(currentDraft().attempt, fingerprintOf(submission));
    updateDraft((current) => ({ ...current, attempt }));
    setPhase({ kind: 'sending' });
    try {
      const { api, leads } = await loadApi();
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
        message: errorMessage(error),
        outdated: error instanceof OutdatedPageError,
      });
    }
  }

  const question = QUESTIONS[step - 1];

  return (
    <div
      ref={containerRef}
      className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:py-12"
    >
      {phase.kind === 'form' ? (
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
                // The answers are in sessionStorage: the new version opens on the same step.
                if (phase.outdated) window.location.reload();
                else void submit();
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

      {phase.kind === 'form' && question?.kind === 'yes-no' ? (
        <YesNoStep
          key={question.key}
          question={question}
          value={draft.answers[question.key]}
          onAnswer={(answer) => {
            updateDraft((current) => ({
              ...current,
              answers: { ...current.answers, [question.key]: answer },
            }));
            goToStep(step + 1);
          }}
        />
      ) : null}

      {phase.kind === 'form' && question?.kind === 'amount' ? (
        <AmountStep
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
            goToStep(step + 1);
          }}
        />
      ) : null}

      {phase.kind === 'form' && step === CONTACT_STEP ? (
        <ContactStep
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
          onSubmit={() => void submit()}
        />
      ) : null}
    </div>
  );
}
