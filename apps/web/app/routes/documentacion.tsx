import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@cbp/ui';
import { Link } from 'react-router';

import { DOCUMENT_GROUPS, GENERAL_REQUIREMENTS, documentRulesText } from '../content/documents';
import { PageBody, PageSection } from '../content/page-layout';
import type { RouteHandle } from '../lib/route-handle';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/documentacion';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Documentación necesaria',
    description: `Los documentos que necesitas para pedir el Código de Buenas Prácticas: identidad y familia, ingresos, hipoteca y situaciones especiales. ${documentRulesText()}`,
    path: '/documentacion',
  });

export const handle: RouteHandle = {
  hero: {
    title: 'Documentación necesaria',
    description:
      'Qué documentos hay que presentar al banco y cómo deben ser. Muchos los obtienes en unos minutos desde tu área de clientes, con tu clave PIN.',
  },
};

export default function DocumentationPage() {
  return (
    <PageBody>
      <PageSection
        id="requisitos-generales"
        title="Requisitos generales"
        intro="Sirven para todos los documentos de la lista."
      >
        <Alert variant="info" role="note" className="max-w-3xl">
          <AlertTitle>Cómo deben ser los archivos</AlertTitle>
          <AlertDescription>
            <ul className="flex list-disc flex-col gap-1.5 ps-5">
              {GENERAL_REQUIREMENTS.map((requirement) => (
                <li key={requirement}>{requirement}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      </PageSection>

      <PageSection
        id="documentos"
        title="Los cuatro grupos de documentos"
        intro="Si no tienes alguno, no te preocupes: te decimos cómo conseguirlo."
      >
        <div className="grid gap-6 md:grid-cols-2">
          {DOCUMENT_GROUPS.map((group, index) => (
            <Card key={group.id} asChild>
              <section id={group.id} aria-labelledby={`${group.id}-titulo`} className="scroll-mt-6">
                <CardHeader>
                  <CardTitle id={`${group.id}-titulo`} level={3}>
                    <span className="text-muted-foreground">{index + 1}. </span>
                    {group.title}
                  </CardTitle>
                  <CardDescription>{group.intro}</CardDescription>
                </CardHeader>
                <dl className="flex flex-col gap-4">
                  {group.documents.map((document) => (
                    <div key={document.name} className="flex flex-col gap-1">
                      <dt className="font-semibold">{document.name}</dt>
                      <dd className="leading-relaxed">{document.detail}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            </Card>
          ))}
        </div>
      </PageSection>

      <PageSection
        id="empezar"
        title="¿Todavía no sabes si cumples los requisitos?"
        intro="Empieza por el simulador: no hace falta tener ningún documento a mano."
      >
        <div>
          <Button asChild size="lg">
            <Link to="/simulador">Comenzar simulador</Link>
          </Button>
        </div>
      </PageSection>
    </PageBody>
  );
}
