import {
  caseMoveRequestSchema,
  CODE_NAMES,
  type CodeId,
  type CasePhase,
  formatDate,
  formatDateTime,
  formatEuros,
  formatPercent,
  LEAD_RESULT_LABELS,
  leadNoteRequestSchema,
  simulatorAnswerRows,
  simulatorTipoCbpLabel,
  STAFF_FASES_COMERCIALES,
  type StaffFaseComercial,
  type StaffLeadDetail,
} from '@cbp/core';
import {
  Alert,
  Button,
  Field,
  NativeSelect,
  SummaryList,
  TextArea,
  TextLink,
  Timeline,
} from '@cbp/ui';
import * as React from 'react';
import { Link } from 'react-router';

import { Section } from '../../lib/section';
import { useFormErrors } from '../../lib/form-errors';
import { useSubmission } from '../../lib/forms/use-submission';
import { staffApi } from './api';
import { useStaff } from './context';
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
import { useStaffData } from './use-staff-data';
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

function CommercialPhaseForm({
  detail,
  onSaved,
}: {
  detail: StaffLeadDetail;
  onSaved: (detail: StaffLeadDetail) => void;
}) {
  const { call } = useStaff();
  const [value, setValue] = React.useState(detail.lead.fase_comercial);
  const [message, setMessage] = React.useState<{ ok: boolean; text: string } | null>(null);
  const submission = useSubmission(async () => {
    setMessage(null);
    try {
      const saved = await call((token) =>
        staffApi().updateLead(token, detail.lead.id, {
          fase_comercial: value as StaffFaseComercial,
        }),
      );
      onSaved(saved);
      setMessage({ ok: true, text: 'Fase comercial guardada.' });
    } catch (error) {
      setMessage({ ok: false, text: failureMessage(error) });
    }
  });
  return (
    <form
      noValidate
      onSubmit={submission.onSubmit}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <Field id="fase-comercial" label="Fase comercial" className="sm:w-72">
        <NativeSelect
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
          }}
        >
          {STAFF_FASES_COMERCIALES.map((phase) => (
            <option key={phase} value={phase}>
              {phase}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Button type="submit" busy={submission.busy} busyLabel="Guardando...">
        Guardar
      </Button>
      {message === null ? null : (
        <Alert variant={message.ok ? 'success' : 'error'}>
          <p>{message.text}</p>
        </Alert>
      )}
    </form>
  );
}

const MOVE_FIELDS = ['fase', 'nota'] as const;

function MoveCaseForm({
  detail,
  onMoved,
}: {
  detail: StaffLeadDetail;
  onMoved: (detail: StaffLeadDetail) => void;
}) {
  const { call } = useStaff();
  const phases = useStaffData('fases', (token) => staffApi().phases(token));
  const [fase, setFase] = React.useState('');
  const [nota, setNota] = React.useState('');
  const form = useFormErrors(MOVE_FIELDS, (field) => `mover-${field}`);
  const [result, setResult] = React.useState<{ ok: boolean; text: string } | null>(null);

  const submission = useSubmission(async () => {
    setResult(null);
    const parsed = caseMoveRequestSchema.safeParse({ fase, nota });
    if (!parsed.success) {
      form.showParseErrors(parsed.error);
      return;
    }
    form.clear();
    try {
      const moved = await call((token) => staffApi().moveCase(token, detail.lead.id, parsed.data));
      onMoved(moved);
      setNota('');
      setFase('');
      const name =
        phases.data?.find((phase) => phase.id === parsed.data.fase)?.nombre ?? moved.lead.estado;
      setResult({
        ok: true,
        text: `Caso movido a «${name}». Hemos enviado un correo al cliente para avisarle.`,
      });
    } catch (error) {
      if (!form.showApiErrors(error)) setResult({ ok: false, text: failureMessage(error) });
    }
  });

  if (phases.status === 'error' && phases.data === null) {
    return <LoadError message={phases.message} onRetry={phases.retry} />;
  }
  const list: CasePhase[] = phases.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      {form.summary}
      <form noValidate onSubmit={submission.onSubmit} className="flex flex-col gap-4">
        <Field id="mover-fase" label="Nueva fase" required error={form.errors.fase}>
          <NativeSelect
            value={fase}
            onChange={(event) => {
              setFase(event.target.value);
            }}
          >
            <option value="">Elige una fase</option>
            {list.map((phase) => (
              <option key={phase.id} value={phase.id} disabled={phase.id === detail.lead.faseId}>
                {phase.id === detail.lead.faseId ? `${phase.nombre} (actual)` : phase.nombre}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          id="mover-nota"
          label="Nota del cambio"
          hint="Se guarda en el historial del caso."
          required
          error={form.errors.nota}
        >
          <TextArea
            value={nota}
            onChange={(event) => {
              setNota(event.target.value);
            }}
          />
        </Field>
        <Button type="submit" busy={submission.busy} busyLabel="Moviendo..." className="w-fit">
          Mover caso
        </Button>
      </form>
      {result === null ? null : (
        <Alert variant={result.ok ? 'success' : 'error'}>
          <p>{result.text}</p>
        </Alert>
      )}
    </div>
  );
}

const NOTE_FIELDS = ['texto'] as const;

function NoteForm({
  detail,
  onAdded,
}: {
  detail: StaffLeadDetail;
  onAdded: (detail: StaffLeadDetail) => void;
}) {
  const { call } = useStaff();
  const [texto, setTexto] = React.useState('');
  const form = useFormErrors(NOTE_FIELDS, () => 'nota-texto');
  const [failure, setFailure] = React.useState<string | null>(null);
  const submission = useSubmission(async () => {
    setFailure(null);
    const parsed = leadNoteRequestSchema.safeParse({ texto });
    if (!parsed.success) {
      form.showParseErrors(parsed.error);
      return;
    }
    form.clear();
    try {
      onAdded(await call((token) => staffApi().addNote(token, detail.lead.id, parsed.data.texto)));
      setTexto('');
    } catch (error) {
      if (!form.showApiErrors(error)) setFailure(failureMessage(error));
    }
  });
  return (
    <div className="flex flex-col gap-3">
      {form.summary}
      {failure === null ? null : (
        <Alert variant="error">
          <p>{failure}</p>
        </Alert>
      )}
      <form noValidate onSubmit={submission.onSubmit} className="flex flex-col gap-3">
        <Field id="nota-texto" label="Nueva nota" required error={form.errors.texto}>
          <TextArea
            value={texto}
            onChange={(event) => {
              setTexto(event.target.value);
            }}
          />
        </Field>
        <Button type="submit" busy={submission.busy} busyLabel="Guardando..." className="w-fit">
          Añadir nota
        </Button>
      </form>
    </div>
  );
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

function Detail({
  detail,
  onChange,
  caseVersion,
  onCaseChanged,
}: {
  detail: StaffLeadDetail;
  onChange: (detail: StaffLeadDetail) => void;
  /** Rises each time a panel changes the case, so the panels that read the whole case reload. */
  caseVersion: number;
  onCaseChanged: () => void;
}) {
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
        <CommercialPhaseForm detail={detail} onSaved={onChange} />
      </LeadSection>
      <LeadSection id="mover-caso">
        <p>
          Estado actual: <strong data-testid="estado-caso">{lead.estado}</strong>. Al moverlo, el
          cliente recibe un correo con la nueva fase.
        </p>
        <MoveCaseForm detail={detail} onMoved={onChange} />
      </LeadSection>
      <LeadSection id="documentos">
        <LeadDocuments leadId={lead.id} onCaseChanged={onCaseChanged} />
      </LeadSection>
      <LeadSection id="pagos">
        <LeadPayments leadId={lead.id} onCaseChanged={onCaseChanged} />
      </LeadSection>
      <LeadSection id="expediente">
        <LeadSubmission leadId={lead.id} version={caseVersion} onCaseChanged={onCaseChanged} />
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
        <NoteForm detail={detail} onAdded={onChange} />
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

export function LeadPage({ leadId }: { leadId: string }) {
  const detail = useStaffData(leadId, (token, signal) => staffApi().lead(token, leadId, signal));
  // A document reviewed, a payment recorded or the file reopened changes what the other panels
  // and the case's phase and history show: they are read again, keeping what is on screen.
  const [caseVersion, setCaseVersion] = React.useState(0);
  const reloadDetail = detail.retry;
  const onCaseChanged = React.useCallback(() => {
    setCaseVersion((current) => current + 1);
    reloadDetail();
  }, [reloadDetail]);
  const name =
    detail.data === null
      ? 'Lead'
      : `${detail.data.lead.nombre} ${detail.data.lead.apellidos}`.trim();
  return (
    <div className="flex flex-col gap-6">
      <p>
        <TextLink asChild>
          <Link to="/gestion/leads">Volver a los leads</Link>
        </TextLink>
      </p>
      <h1 className="text-3xl font-bold">{name}</h1>
      {detail.status === 'error' ? (
        <LoadError message={detail.message} onRetry={detail.retry} />
      ) : null}
      {detail.data === null ? (
        detail.status === 'loading' ? (
          <p>Cargando el lead...</p>
        ) : null
      ) : (
        <Detail
          detail={detail.data}
          onChange={detail.replace}
          caseVersion={caseVersion}
          onCaseChanged={onCaseChanged}
        />
      )}
    </div>
  );
}
