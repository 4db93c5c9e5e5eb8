import { isApiError, madridDay } from '@cbp/core';
import { Alert, AlertTitle, Button, LoadingState } from '@cbp/ui';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { leads } from './api';
import { PRIVATE_HOME, useAuth, type PrivateAreaEntryState } from '../../lib/auth';
import {
  answersFrom,
  CIRCUMSTANCES_CHECKED_LATER,
  explainResult,
  passResultFromLead,
  readPassState,
  type PassResult as PassResultData,
} from './result';
import { WaitingForResult } from './early-result';
import { ResultFigures } from './ResultFigures';
import { ResultGone, RESULT_GONE } from './ResultGone';
import { useResultState } from './use-result-state';

/** The nine digits the way people read them: "612 345 678". */
function spanishPhone(digits: string): string {
  return digits.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
}

type Restored =
  | { readonly kind: 'waiting' }
  | { readonly kind: 'found'; readonly value: PassResultData }
  | { readonly kind: 'gone'; readonly reason: string };

/**
 * Without navigation state (a reload that lost it, the address opened again), the result the
 * server stored for the lead whose session this browser keeps; 'gone' with the reason when
 * there is none (decision 0680).
 */
function useRestoredPass(enabled: boolean): Restored {
  const auth = useAuth();
  const leadId = auth.user?.leadId ?? null;
  const [answer, setAnswer] = useState<{ leadId: string; restored: Restored } | null>(null);

  useEffect(() => {
    if (!enabled || auth.status !== 'authenticated' || leadId === null) return;
    let current = true;
    void auth
      .authorizedCall((token) => leads().getLead(leadId, token))
      .then(
        (lead) => {
          const value = passResultFromLead(lead);
          return value === null
            ? ({ kind: 'gone', reason: RESULT_GONE.notPassed } as const)
            : ({ kind: 'found', value } as const);
        },
        (error: unknown) => {
          console.warn('No se pudo recuperar el resultado del simulador', error);
          return {
            kind: 'gone',
            reason:
              isApiError(error) && error.status === 404
                ? RESULT_GONE.notPassed
                : RESULT_GONE.unreachable,
          } as const;
        },
      )
      .then((restored) => {
        if (current) setAnswer({ leadId, restored });
      });
    return () => {
      current = false;
    };
  }, [enabled, auth, leadId]);

  if (!enabled || auth.status === 'loading') return { kind: 'waiting' };
  if (auth.status === 'unauthenticated' || leadId === null) {
    return { kind: 'gone', reason: RESULT_GONE.noSession };
  }
  return answer?.leadId === leadId ? answer.restored : { kind: 'waiting' };
}

/** /cumple-requisitos (spec 01, section 2). */
export function PassResult() {
  const lookup = useResultState(readPassState);
  const restored = useRestoredPass(lookup.kind === 'missing');
  const found =
    lookup.kind === 'found' ? lookup.value : restored.kind === 'found' ? restored.value : null;

  if (found !== null) return <PassResultView result={found} />;
  if (restored.kind === 'gone') return <ResultGone reason={restored.reason} />;
  if (lookup.kind === 'waiting') {
    return <WaitingForResult reasonIfNone={RESULT_GONE.noSession} needsSession />;
  }
  return <LoadingState label={RESULT_GONE.loading} />;
}

function PassResultView({ result }: { result: PassResultData }) {
  const { enterWithLeadSession } = useAuth();
  const navigate = useNavigate();
  const entry = useRef<{ leadId: string; done: Promise<boolean> } | null>(null);

  // The lead session is kept as soon as the page shows, so the private area (and 'Acceso
  // clientes') opens without signing in (docs/decisions/0445-lead-session-on-pass.md). A result
  // rebuilt from the server came with the session this browser already holds.
  useEffect(() => {
    if (result.session === null || entry.current?.leadId === result.leadId) return;
    entry.current = {
      leadId: result.leadId,
      done: enterWithLeadSession(result.session, result.leadId),
    };
  }, [result, enterWithLeadSession]);

  const { state } = result;
  const { nombre, telefono, correo } = state.contacto;
  const answers = answersFrom(state);
  const { code, pending, circumstancesLater } = explainResult(
    answers,
    state.porcentajeCuota,
    madridDay(new Date()),
  );

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-3">
        <p className="font-semibold text-success-strong">Resultado del simulador</p>
        <h1 className="text-3xl leading-tight font-bold sm:text-4xl">
          ¡Enhorabuena, {nombre}! Cumples todos los requisitos
        </h1>
        <p className="text-lg">
          Según tus respuestas, puedes acogerte al {code ?? 'Código de Buenas Prácticas'} para
          rebajar la cuota de tu hipoteca.
        </p>
      </div>

      {pending.length === 0 ? null : (
        <section aria-labelledby="por-comprobar" className="flex flex-col gap-3">
          <h2 id="por-comprobar" className="text-xl font-bold">
            Lo que comprobaremos contigo
          </h2>
          <p>El simulador no pregunta por todo. Con tus documentos confirmaremos que:</p>
          <ul className="flex list-disc flex-col gap-2 ps-6">
            {pending.map((condition) => (
              <li key={condition}>{condition}</li>
            ))}
          </ul>
          {circumstancesLater ? <p>{CIRCUMSTANCES_CHECKED_LATER}</p> : null}
        </section>
      )}

      <section aria-labelledby="tus-datos" className="flex flex-col gap-3">
        <h2 id="tus-datos" className="text-xl font-bold">
          Tus datos
        </h2>
        <ResultFigures answers={answers} porcentajeCuota={state.porcentajeCuota} />
      </section>

      <Alert variant="success">
        <AlertTitle>Nuestro equipo te llamará en las próximas horas</AlertTitle>
        <p>
          {telefono === undefined ? (
            'Te llamaremos para explicarte cómo pedir a tu banco que rebaje tu cuota.'
          ) : (
            <>
              Te llamaremos al <span className="whitespace-nowrap">{spanishPhone(telefono)}</span>{' '}
              para explicarte cómo pedir a tu banco que rebaje tu cuota.
            </>
          )}
          {correo === undefined ? null : (
            <>
              {' '}
              También te hemos enviado un correo a <span className="wrap-anywhere">
                {correo}
              </span>{' '}
              para que puedas volver a tu área privada cuando quieras.
            </>
          )}
        </p>
      </Alert>

      <section aria-labelledby="siguiente-paso" className="flex flex-col items-start gap-3">
        <h2 id="siguiente-paso" className="text-xl font-bold">
          Mientras tanto, adelanta trabajo
        </h2>
        <p>
          En tu área privada puedes calcular tu nueva cuota y reunir la documentación que pedirá el
          banco.
        </p>
        <Button
          size="lg"
          onClick={() => {
            const cuota =
              answers.cuotaMensual === undefined ? {} : { cuotaActual: answers.cuotaMensual };
            if (result.session === null) {
              void navigate(PRIVATE_HOME, { state: cuota });
              return;
            }
            const entryState: PrivateAreaEntryState = {
              session: result.session,
              leadId: result.leadId,
              ...cuota,
            };
            const done = entry.current?.done ?? Promise.resolve(false);
            void done.then(() => navigate(PRIVATE_HOME, { state: entryState }));
          }}
        >
          Ir a mi área privada
        </Button>
      </section>
    </div>
  );
}
