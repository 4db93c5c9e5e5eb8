import { Button, Card, CardContent, CardFooter, CardHeader, CardTitle, telHref } from '@cbp/ui';
import { Link } from 'react-router';

import { SITE } from '../../config/site';
import { alternativeServices, EXPENSES_REFUND_TEXT } from './alternatives';
import { madridDay } from '@cbp/core';

import { answersFrom, explainResult, readFailState } from './result';
import { WaitingForResult } from './early-result';
import { ResultFigures } from './ResultFigures';
import { ResultGone, RESULT_GONE } from './ResultGone';
import { SIMULATOR_PATH, useResultState } from './use-result-state';

/** /no-cumple-requisitos (spec 01, section 2): why not, in plain words, and what else we offer. */
export function FailResult() {
  const lookup = useResultState(readFailState);
  if (lookup.kind === 'waiting') {
    return <WaitingForResult reasonIfNone={RESULT_GONE.notKept} needsSession={false} />;
  }
  if (lookup.kind === 'missing') return <ResultGone reason={RESULT_GONE.notKept} />;
  const state = lookup.value;

  const answers = answersFrom(state);
  const { unmet, closedCode } = explainResult(
    answers,
    state.porcentajeCuota,
    madridDay(new Date()),
  );
  const services = alternativeServices(state.contacto);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-3">
        <p className="font-semibold text-muted-foreground">Resultado del simulador</p>
        <h1 className="text-3xl leading-tight font-bold sm:text-4xl">
          Lo sentimos, {state.contacto.nombre}
        </h1>
        <p className="text-lg">
          Según tus respuestas, ahora mismo no puedes acogerte al Código de Buenas Prácticas para
          rebajar la cuota de tu hipoteca.
        </p>
      </div>

      <section aria-labelledby="motivos" className="flex flex-col gap-3">
        <h2 id="motivos" className="text-xl font-bold">
          {unmet.length === 1
            ? 'El requisito que no se cumple'
            : 'Los requisitos que no se cumplen'}
        </h2>
        {unmet.length === 0 ? (
          <p>Con tus respuestas no se cumplen todos los requisitos del Código.</p>
        ) : (
          <ul className="flex list-disc flex-col gap-2 ps-6">
            {unmet.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )}
        {closedCode === null ? null : (
          <p>
            Con tus respuestas habrías podido acogerte al {closedCode.name}, pero el plazo para
            pedirlo terminó el {closedCode.closedAfter}. Hoy solo puede pedirse el Código de 2012,
            que no tiene fecha límite.
          </p>
        )}
        <ResultFigures answers={answers} porcentajeCuota={state.porcentajeCuota} />
        <p>
          ¿Alguna respuesta no era correcta?{' '}
          <Link to={SIMULATOR_PATH} className="text-link underline underline-offset-4">
            Vuelve a hacer el simulador
          </Link>
          .
        </p>
      </section>

      <section aria-labelledby="otras-opciones" className="flex flex-col gap-4">
        <h2 id="otras-opciones" className="text-xl font-bold">
          Otras formas en las que podemos ayudarte
        </h2>
        <Card>
          <CardHeader>
            <CardTitle level={3}>Reclama los gastos de tu hipoteca</CardTitle>
          </CardHeader>
          <CardContent>
            <p>Puede que tu banco te deba {EXPENSES_REFUND_TEXT} en gastos de hipoteca.</p>
            <p className="text-muted-foreground">
              Se abrirá tu correo con un mensaje ya escrito para nuestro equipo.
            </p>
          </CardContent>
          <CardFooter>
            <Button asChild size="lg">
              <a href={services.expensesRefund.href}>Ver si puedes reclamar</a>
            </Button>
          </CardFooter>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle level={3}>Negocia tu hipoteca con inteligencia artificial</CardTitle>
          </CardHeader>
          <CardContent>
            <p>
              Analizamos tu hipoteca y preparamos la negociación con tu banco para mejorar sus
              condiciones, aunque no puedas acogerte al Código.
            </p>
            <p className="text-muted-foreground">
              Se abrirá tu correo con un mensaje ya escrito para nuestro equipo.
            </p>
          </CardContent>
          <CardFooter>
            <Button asChild size="lg" variant="outline">
              <a href={services.aiNegotiation.href}>Más información</a>
            </Button>
          </CardFooter>
        </Card>
        <p>
          ¿Prefieres hablar con nosotros? Llámanos al{' '}
          <a href={telHref(SITE.phone)} className="text-link underline underline-offset-4">
            {SITE.phone}
          </a>
          .
        </p>
      </section>
    </div>
  );
}
