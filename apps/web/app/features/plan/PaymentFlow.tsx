import {
  BILLING_MESSAGES,
  CONTRACT_CONSENT_IDS,
  CONTRACT_CONSENTS,
  isApiError,
  PLANS,
  type ContractConsent,
  type ContractSignature,
  type PlanId,
} from '@cbp/core';
import { Alert, Button, Checkbox, PlanCard, TextLink, type SignaturePadValue } from '@cbp/ui';
import * as React from 'react';
import { Link } from 'react-router';

import { useAuth } from '../../lib/auth';
import { useFirstUse } from '../../lib/first-use';
import { LazySignaturePad, preloadSignaturePad } from '../../lib/lazy-signature-pad';
import { onDemandPart } from '../../lib/on-demand-part';
import { goToCheckout, loadTransferInstructions, signContract } from './api';
import {
  canProceed,
  currentStep,
  flowReducer,
  INITIAL_FLOW,
  signRequest,
  visibleSteps,
  type FlowStep,
} from './state';
import {
  METHOD_LOADING,
  METHOD_UNREACHABLE,
  PLANS_TITLE,
  PROCEED,
  PROCEEDING,
  RETRY,
  SELECT_PLAN,
  SELECTED_PLAN,
  SIGNATURE_LABEL,
  SINGLE_PAYMENT_CLAIM,
  STEP_TITLES,
  TERMS_INTRO,
  TYPED_NAME_HINT,
  TYPED_NAME_LABEL,
  vatIncludedText,
} from './strings';
import type { MethodChoiceProps } from './MethodChoice';
import { TransferDetails } from './TransferDetails';

const methodChoice = onDemandPart<MethodChoiceProps>({
  load: () => import('./MethodChoice').then((module) => module.MethodChoice),
  loading: METHOD_LOADING,
  unreachable: METHOD_UNREACHABLE,
});

const STEP_HEADING_IDS: Readonly<Record<Exclude<FlowStep, 'plan'>, string>> = {
  method: 'paso-metodo',
  terms: 'paso-condiciones',
  signature: 'paso-firma',
  transfer: 'paso-transferencia',
};

function failureText(error: unknown, fallback: string): string {
  return isApiError(error) ? error.message : fallback;
}

function ConsentLabel({ consent }: { consent: ContractConsent }) {
  if (consent.link === null) return <>{consent.text}</>;
  const [before, after] = consent.text.split(consent.link.label);
  return (
    <>
      {before}
      <TextLink asChild>
        <Link to={consent.link.href} target="_blank" rel="noopener">
          {consent.link.label}
          <span className="sr-only"> (se abre en una pestaña nueva)</span>
        </Link>
      </TextLink>
      {after}
    </>
  );
}

function toContractSignature(value: SignaturePadValue | null): ContractSignature | null {
  if (value === null) return null;
  return value.mode === 'type'
    ? { tipo: 'escrita', nombre: value.name }
    : { tipo: 'dibujada', imagen: value.image };
}

/**
 * The payment of spec 02, 4.5: plan cards, then method, both consents and the signature, each
 * step appearing when the one before is done; then card checkout or the transfer's details.
 */
export function PaymentFlow({
  initialPlan = null,
  onSigned,
}: {
  initialPlan?: PlanId | null;
  /** The contract is signed: the case's step is now under way (the menu says so). */
  onSigned?: () => void;
}) {
  const { authorizedCall, user } = useAuth();
  const [state, dispatch] = React.useReducer(
    flowReducer,
    initialPlan === null ? INITIAL_FLOW : { ...INITIAL_FLOW, plan: initialPlan },
  );
  const [padKey, setPadKey] = React.useState(0);
  const step = currentStep(state);
  const shownStep = React.useRef<FlowStep>(step);
  const steps = visibleSteps(state);

  // The method's cards download as soon as the person starts choosing a plan.
  useFirstUse(() => {
    methodChoice.preload().catch(() => undefined);
  });

  // The pad downloads while the person reads the terms, so it is there when its step shows.
  const asksTerms = steps.includes('terms');
  React.useEffect(() => {
    if (asksTerms) preloadSignaturePad().catch(() => undefined);
  }, [asksTerms]);

  React.useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (step !== 'plan') document.getElementById(STEP_HEADING_IDS[step])?.focus();
  }, [step]);

  // Back from the checkout page, a phone may show this page from its cache, as it was left:
  // with the button still waiting for a page that was already left.
  React.useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) dispatch({ type: 'returned-from-checkout' });
    };
    window.addEventListener('pageshow', shown);
    return () => {
      window.removeEventListener('pageshow', shown);
    };
  }, []);

  // Each request runs once per change of `submission`; the reducer moves it on.
  React.useEffect(() => {
    if (state.submission === null) return;
    let current = true;
    const run = async () => {
      try {
        if (state.submission === 'signing') {
          const request = signRequest(state);
          if (request === null) return;
          const contract = await signContract(authorizedCall, request);
          if (!current) return;
          dispatch({ type: 'signed', contract });
          onSigned?.();
        } else if (state.submission === 'checkout') {
          if (state.plan === null) return;
          const leadId = user?.leadId;
          if (leadId === undefined || leadId === null) {
            dispatch({ type: 'failed', message: BILLING_MESSAGES.noContract });
            return;
          }
          await goToCheckout(
            authorizedCall,
            { plan: state.plan, leadId, userId: user?.id ?? null },
            user?.email ?? null,
          );
          if (current) dispatch({ type: 'checkout-ready' });
        } else {
          const transfer = await loadTransferInstructions(authorizedCall);
          if (current) dispatch({ type: 'transfer-ready', transfer });
        }
      } catch (error) {
        console.error('Error en el pago', error);
        if (!current) return;
        if (state.submission === 'signing' && isApiError(error) && error.status === 409) {
          setPadKey((key) => key + 1);
          dispatch({ type: 'terms-outdated', message: error.message });
          return;
        }
        dispatch({
          type: 'failed',
          message: failureText(
            error,
            state.submission === 'signing'
              ? 'No hemos podido registrar tu firma'
              : 'Error al crear la sesión de pago',
          ),
        });
      }
    };
    void run();
    return () => {
      current = false;
    };
    // The request depends only on the step it is for; the rest is read from that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.submission]);

  const choosePlan = (plan: PlanId) => {
    if (plan !== state.plan || state.transfer !== null) setPadKey((key) => key + 1);
    dispatch({ type: 'choose-plan', plan });
  };

  const busy = state.submission !== null;
  const plan = state.plan === null ? null : (PLANS.find((item) => item.id === state.plan) ?? null);

  return (
    <div className="flex min-w-0 flex-col gap-8">
      <section aria-labelledby="planes" className="flex flex-col gap-4">
        <h2 id="planes" className="text-2xl font-bold">
          {PLANS_TITLE}
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          {PLANS.map((item) => (
            <div key={item.id} className="flex min-w-0 flex-col gap-2">
              <PlanCard
                plan={item}
                selected={state.plan === item.id}
                highlight={item.id === 'unico' ? SINGLE_PAYMENT_CLAIM : undefined}
                selectLabel={SELECT_PLAN}
                selectedLabel={SELECTED_PLAN}
                onSelect={choosePlan}
              />
              <p className="text-sm text-muted-foreground">{vatIncludedText(item.precio)}</p>
            </div>
          ))}
        </div>
      </section>

      {steps.includes('method') && plan !== null ? (
        <section aria-labelledby="paso-metodo" className="flex flex-col gap-4">
          <h2 id="paso-metodo" tabIndex={-1} className="text-2xl font-bold">
            {STEP_TITLES.method}
          </h2>
          <p>
            {plan.nombre}: {vatIncludedText(plan.pago_inicial)}
            {plan.cuotas > 0 ? ' al empezar' : ''}
          </p>
          <methodChoice.Part
            value={state.method}
            disabled={busy}
            onChoose={(method) => {
              dispatch({ type: 'choose-method', method });
            }}
          />
        </section>
      ) : null}

      {steps.includes('terms') ? (
        <section aria-labelledby="paso-condiciones" className="flex flex-col gap-4">
          <h2 id="paso-condiciones" tabIndex={-1} className="text-2xl font-bold">
            {STEP_TITLES.terms}
          </h2>
          <p>{TERMS_INTRO}</p>
          {CONTRACT_CONSENT_IDS.map((id) => (
            <Checkbox
              key={id}
              checked={state.consents[id]}
              disabled={busy}
              onCheckedChange={(checked) => {
                if (state.consents[id] && !checked) setPadKey((key) => key + 1);
                dispatch({ type: 'set-consent', id, accepted: checked });
              }}
              label={<ConsentLabel consent={CONTRACT_CONSENTS[id]} />}
              // The box is named by the sentence the contract records: the link's hidden
              // "opens in a new tab" belongs to the link, not in the middle of that sentence.
              aria-label={CONTRACT_CONSENTS[id].text}
            />
          ))}
        </section>
      ) : null}

      {steps.includes('signature') ? (
        <section aria-labelledby="paso-firma" className="flex flex-col gap-4">
          <h2 id="paso-firma" tabIndex={-1} className="text-2xl font-bold">
            {STEP_TITLES.signature}
          </h2>
          <LazySignaturePad
            key={padKey}
            label={SIGNATURE_LABEL}
            typedNameLabel={TYPED_NAME_LABEL}
            typedNameHint={TYPED_NAME_HINT}
            onSignatureChange={(value) => {
              dispatch({ type: 'set-signature', signature: toContractSignature(value) });
            }}
          />
          {state.error !== null ? (
            <Alert variant="error">
              <p>{state.error}</p>
            </Alert>
          ) : null}
          {canProceed(state) ? (
            <div>
              <Button
                size="lg"
                busy={busy}
                busyLabel={PROCEEDING[state.submission ?? 'signing']}
                onClick={() => {
                  dispatch({ type: 'submit' });
                }}
              >
                {state.error !== null ? RETRY : PROCEED}
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}

      {state.error !== null && step === 'terms' ? (
        <Alert variant="error">
          <p>{state.error}</p>
        </Alert>
      ) : null}

      {state.transfer !== null && state.plan !== null ? (
        <section aria-labelledby="paso-transferencia" className="flex flex-col gap-4">
          <TransferDetails headingId="paso-transferencia" transfer={state.transfer} />
        </section>
      ) : null}
    </div>
  );
}
