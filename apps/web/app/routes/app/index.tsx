import { RULES } from '@cbp/core';
import { Card, CardTitle, telHref, TextLink } from '@cbp/ui';
import { Link } from 'react-router';

import type { Route } from './+types/index';
import { SITE } from '../../config/site';
import { useAuth } from '../../lib/auth';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Tu zona de cliente',
    description: 'Tu zona de cliente para tramitar el Código de Buenas Prácticas.',
    path: '/app',
    noindex: true,
  });

/** The private area's first page: who is signed in and what happens next. */
export default function PrivateHome() {
  const { user } = useAuth();
  const name = user?.nombre?.trim();

  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl leading-tight font-bold">
          {name === undefined || name === '' ? 'Hola' : `Hola, ${name}`}
        </h1>
        {user === null ? null : (
          <p className="text-muted-foreground">
            Has iniciado sesión con <strong className="text-foreground">{user.email}</strong>.
          </p>
        )}
      </div>
      <Card>
        <CardTitle level={2}>Qué pasa ahora</CardTitle>
        <ol className="flex list-decimal flex-col gap-3 ps-6">
          <li>
            Un abogado del despacho revisa tus respuestas del simulador y te llama para confirmar
            que puedes acogerte al Código de Buenas Prácticas.
          </li>
          <li>
            Reunimos contigo la documentación que pide el banco: cada archivo en PDF, JPG o PNG y de{' '}
            {RULES.documents.maxFileMegabytes} MB como máximo.
          </li>
          <li>Presentamos la solicitud a tu banco y te contamos cada paso hasta que responda.</li>
        </ol>
      </Card>
      <p>
        ¿Tienes dudas? Llámanos al{' '}
        <TextLink href={telHref(SITE.phone)} className="whitespace-nowrap">
          {SITE.phone}
        </TextLink>{' '}
        o consulta{' '}
        <TextLink asChild>
          <Link to="/documentacion">qué documentos necesitarás</Link>
        </TextLink>
        .
      </p>
    </div>
  );
}
