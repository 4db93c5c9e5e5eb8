import { madridDay } from '@cbp/core';
import { Alert, AlertTitle, Button, LoadingState } from '@cbp/ui';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

import { PRIVATE_HOME, useAuth, type PrivateAreaEntryState } from '../../lib/auth';
import { answersFrom, CIRCUMSTANCES_CHECKED_LATER, explainResult, readPassState } from './result';
import { ResultFigures } from './ResultFigures';
import { useResultState } from './use-result-state';

/** The nine digits the way people read them: "612 345 678". */
function spanishPhone(digits: string): string {
  return digits.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
}

/** /cumple-requisitos (spec 01, section 2). */
export function PassResult() {
  const result = useResultState(readPassState);
  const { enterWithLeadSession } = useAuth();
  const navigate = useNavigate();
  const entry = useRef<{ leadId: string; done: Promise<boolean> } | null>(null);

  // The lead session is kept as soon as the page shows, so the private area (and 'Acceso
  // clientes') opens without signing in (docs/decisions/0445-lead-session-on-pass.md).
  useEffect(() => {
    if (result === null || entry.current?.leadId === result.leadId) return;
    entry.current = {
      leadId: result.leadId,
      done: enterWithLeadSession(result.session, result.leadId),
    };
  }, [result, enterWithLeadSession]);

  if (result === null) return <LoadingState label="Cargando tu resultado..." />;
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
            const entryState: PrivateAreaEntryState = {
              session: result.session,
              leadId: result.leadId,
              ...(answers.cuotaMensual === undefined ? {} : { cuotaActual: answers.cuotaMensual }),
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
