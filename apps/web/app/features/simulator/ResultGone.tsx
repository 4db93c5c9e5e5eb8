import { RULES } from '@cbp/core';
import { Button, TextLink } from '@cbp/ui';
import { Link } from 'react-router';

import { SIMULATOR_PATH } from './use-result-state';

/** Why a result page has nothing to show (decision 0680). */
export const RESULT_GONE = {
  /** What a result page says while it reads its result. */
  loading: 'Cargando tu resultado...',
  title: 'No podemos mostrarte tu resultado aquí',
  /** No lead session in this browser: a direct visit, another browser, or it was closed. */
  noSession:
    'Esta página muestra el resultado del simulador en el navegador en el que lo hiciste, con la sesión que se abrió al terminarlo. En este navegador no hay ninguna sesión abierta (quizá la cerraste, caducó o has abierto la dirección en otro navegador).',
  /** The session's lead did not qualify or was sent without its answers. */
  notPassed:
    'La simulación guardada con tu sesión no tiene un resultado que mostrar en esta página.',
  unreachable:
    'No hemos podido cargar tu resultado desde el servidor. Comprueba tu conexión y vuelve a cargar la página.',
  /** The fail page: the answers travel only with the navigation, never stored in the browser. */
  notKept:
    'Esta página muestra el resultado justo después de hacer el simulador. Por tu privacidad, tus respuestas no se guardan en el navegador para volver a mostrarlas más tarde.',
  redo: `Puedes volver a hacer el simulador: son unos ${String(RULES.simulator.durationMinutes)} minutos.`,
  redoAction: 'Volver a hacer el simulador',
  signIn: 'Si ya creaste tu contraseña,',
  signInLink: 'entra en tu área de cliente',
} as const;

/** A result page without a result: why, and the way to get one again. */
export function ResultGone({ reason }: { reason: string }) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:py-12">
      <p className="font-semibold text-muted-foreground">Resultado del simulador</p>
      <h1 className="text-3xl leading-tight font-bold sm:text-4xl">{RESULT_GONE.title}</h1>
      <p className="text-lg">{reason}</p>
      <p>{RESULT_GONE.redo}</p>
      <Button asChild size="lg" className="w-fit">
        <Link to={SIMULATOR_PATH}>{RESULT_GONE.redoAction}</Link>
      </Button>
      <p>
        {RESULT_GONE.signIn}{' '}
        <TextLink asChild>
          <Link to="/login">{RESULT_GONE.signInLink}</Link>
        </TextLink>
        .
      </p>
    </div>
  );
}
