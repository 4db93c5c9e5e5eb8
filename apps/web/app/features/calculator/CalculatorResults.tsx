import {
  extraYearsInstalment,
  RULES,
  formatEuriborRate,
  formatEuros,
  formatNumber,
  maxExtraYears,
  validateCalculatorForm,
  type CalculationRecord,
  type CalculatorForm,
  type CalculatorStep,
} from '@cbp/core';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
  Alert,
  Button,
  FloatingActionBar,
  Gauge,
  ResultsLayout,
  ResultsSection,
  Slider,
  SummaryList,
  telHref,
} from '@cbp/ui';
import * as React from 'react';
import { Link } from 'react-router';

import { SITE } from '../../config/site';
import { INTRO_VIDEO, videoEmbedUrl } from '../../content/home';
import { ConsentVideo } from '../../lib/consent';
import { answerRows } from './answers';
import {
  explainCalculation,
  monthlyDifferenceText,
  resultCallToAction,
  savingsSentence,
  totalTermSentence,
  yearsText,
} from './results';
import type { NextTask } from './next-task';
import {
  NEXT_STEP_LABEL,
  RESULTS_FAQ,
  RESULTS_TITLE,
  REVIEW_OR_CONTACT,
  SLIDER_ITEM_TITLE,
  STATEMENTS,
} from './results-strings';

export interface CalculatorResultsProps {
  record: CalculationRecord;
  /**
   * The next task of the client's list (usually the documents), or null while unknown or when
   * none is open: the result's action and the floating bar lead there.
   */
  next: NextTask | null;
  /** Moves focus to the heading when the results replace the form. */
  focusOnMount?: boolean;
  /** 'Modificar datos', or a row's 'Cambiar': back to the wizard on that step. */
  onEdit: (step: CalculatorStep) => void;
}

function ExtraYears({ form, record }: { form: CalculatorForm; record: CalculationRecord }) {
  const result = record.resultado;
  const max = maxExtraYears(form, result);
  const [years, setYears] = React.useState(0);
  const chosen = Math.min(years, max);
  const figures = extraYearsInstalment(form, result, chosen);
  return (
    <div className="flex flex-col gap-4">
      <p>
        Después de la carencia vuelves a pagar capital e intereses. Si alargas el plazo de tu
        hipoteca, la cuota baja. Mueve el control o escribe los años que quieres añadir.
      </p>
      <Slider
        label="Años adicionales"
        min={0}
        max={max}
        step={1}
        value={years}
        onValueChange={setYears}
        unit="años"
        typedLabel="escríbelos"
        formatValue={yearsText}
        getValueText={(value) => `${yearsText(value)} más`}
        rangeError={`Escribe un número de años entre 0 y ${String(max)}`}
      />
      <dl className="grid gap-3 sm:grid-cols-3" aria-live="polite">
        <div>
          <dt className="text-sm text-muted-foreground">Nueva cuota después de la carencia</dt>
          <dd className="text-xl font-bold">{formatEuros(figures.cuota)} al mes</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Plazo total</dt>
          <dd className="flex flex-col gap-1">
            <span className="text-xl font-bold">{yearsText(figures.plazoTotalAnios)}</span>
            <span className="text-sm">{totalTermSentence(form, result, chosen)}</span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Diferencia mensual</dt>
          <dd className="text-xl font-bold">{monthlyDifferenceText(figures, chosen)}</dd>
        </div>
      </dl>
    </div>
  );
}

function parsedForm(record: CalculationRecord): CalculatorForm | null {
  try {
    return validateCalculatorForm(record.entrada);
  } catch {
    return null;
  }
}

const CONDITION_TEXT = {
  met: 'Cumples',
  failed: 'No cumples',
  'to-check': 'Lo comprobaremos con tus documentos',
} as const;

/**
 * 'Resultados de tu simulación' (spec 02, section 2.2): the server's result for the law of its
 * day, why, the figures, the answers used and what happens next.
 */
export function CalculatorResults({
  record,
  next,
  focusOnMount = false,
  onEdit,
}: CalculatorResultsProps) {
  const result = record.resultado;
  const explanation = explainCalculation(result);
  const savings = savingsSentence(result);
  const form = parsedForm(record);
  const action = resultCallToAction(explanation.qualifies, next);
  const [faqOpened, setFaqOpened] = React.useState(false);
  const headingRef = React.useRef<HTMLHeadingElement>(null);

  React.useLayoutEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  const rateMax = Math.max(result.nuevoInteres, form?.tipoInteres ?? 0, 1);

  return (
    <ResultsLayout
      title={RESULTS_TITLE}
      headingRef={headingRef}
      className={faqOpened ? 'pb-36 sm:pb-24' : undefined}
      summary={
        <>
          <Alert variant={explanation.qualifies ? 'success' : 'warning'}>
            <p className="font-semibold">{explanation.verdict}</p>
            {savings === null ? null : <p>{savings}</p>}
          </Alert>
          {explanation.rateNote === null ? null : <p>{explanation.rateNote}</p>}
          {action.kind === 'review-or-contact' ? (
            <div className="flex flex-col items-start gap-2">
              <p>{action.intro}</p>
              <div className="flex flex-wrap gap-3">
                <Button
                  type="button"
                  size="lg"
                  onClick={() => {
                    onEdit(1);
                  }}
                >
                  {REVIEW_OR_CONTACT.review}
                </Button>
                <Button asChild size="lg" variant="secondary">
                  <a href={telHref(SITE.phone)}>{REVIEW_OR_CONTACT.call(SITE.phone)}</a>
                </Button>
              </div>
            </div>
          ) : action.next === null ? null : (
            <div className="flex flex-col items-start gap-2">
              <p className="font-semibold">
                {NEXT_STEP_LABEL}: {action.next.label}
              </p>
              <Button asChild size="lg">
                <Link to={action.next.href}>{action.next.action}</Link>
              </Button>
            </div>
          )}
        </>
      }
      figures={
        explanation.qualifies ? (
          <>
            <Gauge
              label="Nueva cuota"
              unit="euros-month"
              value={result.nuevaCuota}
              max={result.cuotaActual}
            />
            <Gauge
              label="Carencia"
              unit="years"
              value={result.plazoCarencia}
              max={RULES.calculator.grace.carencia5.years}
            />
            <Gauge
              label="Interés carencia"
              unit="percent"
              value={result.nuevoInteres}
              {...(result.euribor === null
                ? {}
                : {
                    figureText: formatEuriborRate(result.nuevoInteres),
                    valueText: `Interés carencia: ${formatNumber(result.nuevoInteres, 3)} por ciento`,
                  })}
              max={rateMax}
            />
          </>
        ) : undefined
      }
    >
      <ResultsSection
        title={
          explanation.codeName === null ? 'Condiciones' : `Condiciones del ${explanation.codeName}`
        }
      >
        <ul className="flex flex-col gap-3">
          {explanation.conditions.map((condition) => (
            <li
              key={condition.id}
              className="flex flex-col gap-1 rounded-md border-2 border-border p-3"
            >
              <span>{condition.text}</span>
              <span
                className={
                  condition.state === 'failed'
                    ? 'font-semibold text-danger-strong'
                    : condition.state === 'met'
                      ? 'font-semibold text-success-strong'
                      : 'font-semibold text-muted-foreground'
                }
              >
                {CONDITION_TEXT[condition.state]}
              </span>
            </li>
          ))}
        </ul>
        {explanation.closedCodes.map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
      </ResultsSection>

      <ResultsSection title="Cómo funciona">
        <ConsentVideo src={videoEmbedUrl(INTRO_VIDEO.youtubeId)} title={INTRO_VIDEO.title} />
      </ResultsSection>

      <ResultsSection title="Tus respuestas">
        <SummaryList
          rows={answerRows(record.entrada).map((row) => ({
            key: row.key,
            value: row.value,
            action: {
              label: 'Cambiar',
              visuallyHiddenContext: row.key.toLowerCase(),
              onClick: () => {
                onEdit(row.step);
              },
            },
          }))}
        />
        <div>
          <Button
            size="lg"
            variant="outline"
            onClick={() => {
              onEdit(1);
            }}
          >
            Modificar datos
          </Button>
        </div>
      </ResultsSection>

      <ResultsSection title="Preguntas frecuentes">
        <Accordion
          type="multiple"
          headingLevel={3}
          onValueChange={(open) => {
            if (open.length > 0) setFaqOpened(true);
          }}
        >
          {RESULTS_FAQ.map((item) => (
            <AccordionItem key={item.id} value={item.id}>
              <AccordionTrigger>{item.question}</AccordionTrigger>
              <AccordionContent>
                <p>{item.answer}</p>
              </AccordionContent>
            </AccordionItem>
          ))}
          {explanation.qualifies && form !== null ? (
            <AccordionItem value="cuota-despues-carencia">
              <AccordionTrigger>{SLIDER_ITEM_TITLE}</AccordionTrigger>
              <AccordionContent>
                <ExtraYears form={form} record={record} />
              </AccordionContent>
            </AccordionItem>
          ) : null}
        </Accordion>
      </ResultsSection>

      <ResultsSection title="Antes de pedirlo">
        {STATEMENTS.map((statement) => (
          <p key={statement}>{statement}</p>
        ))}
      </ResultsSection>

      <FloatingActionBar
        open={faqOpened}
        {...(action.barMessage === null ? {} : { message: action.barMessage })}
      >
        {action.kind === 'next-task' && action.next !== null ? (
          <Link to={action.next.href}>{action.next.action}</Link>
        ) : (
          <a href={telHref(SITE.phone)}>{REVIEW_OR_CONTACT.call(SITE.phone)}</a>
        )}
      </FloatingActionBar>
    </ResultsLayout>
  );
}
