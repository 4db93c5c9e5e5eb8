import {
  CODE_NAMES,
  type CodeId,
  formatDate,
  formatDateTime,
  formatEuros,
  formatPercent,
  LEAD_RESULT_LABELS,
  simulatorAnswerRows,
  simulatorTipoCbpLabel,
  type StaffLeadDetail,
} from '@cbp/core';
import { SummaryList, TextLink, Timeline } from '@cbp/ui';
import type * as React from 'react';
import { Link, useRouteError } from 'react-router';

import { Section } from '../../lib/section';
import { CommercialPhaseForm, MoveCaseForm, NoteForm } from './LeadCaseForms';
import type { LeadData } from './lead-data';
import { LeadDocuments } from './LeadDocuments';
import {
  LEAD_SECTIONS,
  leadSectionAnchor,
  type LeadSectionId,
  leadSectionTitle,
  leadSummaryRows,
} from './lead-summary';
import { LeadPayments } from './LeadPayments';
import { LeadSubmission } from './LeadSubmission';
import { LoadError } from './LoadError';
import { failureMessage } from './strings';
import { calculationVerdictLabel } from './verdict';

const MAIL_STATES: Record<StaffLeadDetail['correos'][number]['estado'], string> = {
  pending: 'Pendiente',
  sending: 'Enviándose',
  sent: 'Enviado',
  failed: 'Fallido',
  withheld: 'No enviado: demasiados correos a una dirección sin verificar',
};

/** 'cbp2012' → 'Código de Buenas Prácticas de 2012'; an id core does not know is shown as is. */
function codeName(code: string | null): string {
  if (code === null) return '—';
  return code in CODE_NAMES ? CODE_NAMES[code as CodeId] : code;
}

function LeadSection({ id, children }: { id: LeadSectionId; children: React.ReactNode }) {
  return (
    <Section title={leadSectionTitle(id)} headingId={leadSectionAnchor(id)}>
      {children}
    </Section>
  );
}

/** Links to each section of the page; following one puts the keyboard on its heading. */
function SectionMenu() {
  return (
    <nav aria-label="Secciones de la ficha" className="rounded-md border-2 border-border p-4">
      <h2 className="mb-2 text-lg font-bold">En esta ficha</h2>
      <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2 xl:grid-cols-3">
        {LEAD_SECTIONS.map((section) => (
          <li key={section.id}>
            <TextLink
              href={`#${leadSectionAnchor(section.id)}`}
              onClick={() => {
                // The browser scrolls to the heading; focus follows, so Tab goes on from there.
                requestAnimationFrame(() => {
                  document
                    .getElementById(leadSectionAnchor(section.id))
                    ?.focus({ preventScroll: true });
                });
              }}
            >
              {section.title}
            </TextLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Detail({ data }: { data: LeadData }) {
  const { detail } = data;
  const { lead } = detail;
  const answers = lead.respuestas ?? {};
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="resumen" className="flex flex-col gap-4">
        <h2 id="resumen" className="text-2xl font-bold">
          Resumen
        </h2>
        <SummaryList rows={leadSummaryRows(detail)} />
      </section>
      <SectionMenu />
      <LeadSection id="contacto">
        <SummaryList
          rows={[
            { key: 'Nombre', value: `${lead.nombre} ${lead.apellidos}`.trim() },
            { key: 'Correo electrónico', value: lead.email },
            { key: 'Teléfono', value: lead.telefono },
            { key: 'Recibido el', value: formatDateTime(lead.creadoEl) },
            { key: 'Cuenta con contraseña', value: lead.cuenta.tienePassword ? 'Sí' : 'No' },
          ]}
        />
      </LeadSection>
      <LeadSection id="simulador">
        <SummaryList
          rows={[
            { key: 'Veredicto del simulador', value: LEAD_RESULT_LABELS[lead.resultado] },
            {
              key: 'Cuota sobre ingresos',
              value: lead.porcentajeCuota === null ? '—' : formatPercent(lead.porcentajeCuota),
            },
            { key: 'Código', value: codeName(lead.codigo) },
            { key: 'Código cerrado', value: codeName(lead.codigoCerrado) },
            { key: 'Medida según el simulador', value: simulatorTipoCbpLabel(lead.tipocbp) },
            {
              key: 'Fecha de evaluación',
              value: lead.fechaEvaluacion === null ? '—' : formatDate(lead.fechaEvaluacion),
            },
          ]}
        />
        <h3 className="text-xl font-bold">Respuestas</h3>
        {Object.keys(answers).length === 0 ? (
          <p>No hay respuestas guardadas.</p>
        ) : (
          <SummaryList rows={simulatorAnswerRows(answers)} />
        )}
      </LeadSection>
      <LeadSection id="consentimiento">
        <SummaryList
          rows={[
            { key: 'Aceptado el', value: formatDateTime(lead.consentimiento.aceptadoEl) },
            { key: 'Versión', value: lead.consentimiento.version },
            { key: 'Dirección IP', value: lead.consentimiento.ip ?? '—' },
          ]}
        />
      </LeadSection>
      <LeadSection id="fase-comercial">
        <CommercialPhaseForm detail={detail} />
      </LeadSection>
      <LeadSection id="mover-caso">
        <p>
          Estado actual: <strong data-testid="estado-caso">{lead.estado}</strong>. Al moverlo, el
          cliente recibe un correo con la nueva fase.
        </p>
        <MoveCaseForm detail={detail} phases={data.phases} />
      </LeadSection>
      <LeadSection id="documentos">
        <LeadDocuments documents={data.documents} />
      </LeadSection>
      <LeadSection id="pagos">
        <LeadPayments leadId={lead.id} payments={data.payments} />
      </LeadSection>
      <LeadSection id="expediente">
        <LeadSubmission leadId={lead.id} submission={data.submission} />
      </LeadSection>
      <LeadSection id="historial">
        <Timeline
          aria-label="Historial del caso"
          emptyText="Todavía no hay movimientos en este caso."
          entries={[...detail.historial].reverse().map((entry) => ({
            fecha: entry.fecha,
            accion: entry.de === null ? entry.a : `${entry.de} → ${entry.a}`,
            descripcion: `${entry.nota}${entry.autor === null ? '' : ` (${entry.autor.nombre})`}`,
            estado: 'completado',
          }))}
        />
      </LeadSection>
      <LeadSection id="notas">
        {detail.notas.length === 0 ? (
          <p>Todavía no hay notas.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {detail.notas.map((note) => (
              <li key={note.id} className="rounded-md border-2 border-border p-3">
                <p className="text-sm text-muted-foreground">
                  {formatDateTime(note.fecha)} · {note.autor.nombre}
                </p>
                <p className="whitespace-pre-line">{note.texto}</p>
              </li>
            ))}
          </ul>
        )}
        <NoteForm />
      </LeadSection>
      <LeadSection id="otros-contactos">
        {detail.otrosContactos.length === 0 ? (
          <p>No hay otros contactos.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {detail.otrosContactos.map((other) => (
              <li key={other.id}>
                <TextLink asChild>
                  <Link to={`/gestion/leads/${other.id}`}>
                    {`${other.nombre} ${other.apellidos}`.trim()} · {other.email} ·{' '}
                    {formatDate(other.creadoEl)}
                  </Link>
                </TextLink>
              </li>
            ))}
          </ul>
        )}
      </LeadSection>
      <LeadSection id="calculos">
        {detail.calculos.length === 0 ? (
          <p>El cliente no ha hecho cálculos.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {detail.calculos.map((calc) => (
              <li key={calc.id} className="rounded-md border-2 border-border p-3">
                {formatDateTime(calc.fecha)} · {calculationVerdictLabel(calc.cumpleRequisitos)} ·
                cuota actual {calc.cuotaActual === null ? '—' : formatEuros(calc.cuotaActual)} ·
                nueva cuota {calc.nuevaCuota === null ? '—' : formatEuros(calc.nuevaCuota)}
                {calc.codigo === null ? '' : ` · ${codeName(calc.codigo)}`} · reglas{' '}
                {calc.versionReglas}
              </li>
            ))}
          </ul>
        )}
      </LeadSection>
      <LeadSection id="correos">
        {detail.correos.length === 0 ? (
          <p>No se le ha enviado ningún correo.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {detail.correos.map((mail) => (
              <li key={mail.id}>
                {formatDateTime(mail.fecha)} · «{mail.asunto}» · {MAIL_STATES[mail.estado]}
              </li>
            ))}
          </ul>
        )}
      </LeadSection>
    </div>
  );
}

function LeadFrame({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <p>
        <TextLink asChild>
          <Link to="/gestion/leads">Volver a los leads</Link>
        </TextLink>
      </p>
      <h1 className="text-3xl font-bold">{name}</h1>
      {children}
    </div>
  );
}

/** A lead's page: everything about the lead and its case, and what staff can do with it. */
export function LeadPage({ data }: { data: LeadData }) {
  const { lead } = data.detail;
  return (
    <LeadFrame name={`${lead.nombre} ${lead.apellidos}`.trim()}>
      <Detail data={data} />
    </LeadFrame>
  );
}

/** The lead could not be read (it does not exist, or the server failed): why, and a retry. */
export function LeadLoadFailure() {
  const error = useRouteError();
  return (
    <LeadFrame name="Lead">
      <LoadError message={failureMessage(error)} />
    </LeadFrame>
  );
}
