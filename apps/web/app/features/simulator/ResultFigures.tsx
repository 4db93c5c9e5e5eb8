import { formatEuros, formatPercent, type SimulatorAnswers } from '@cbp/core';

export interface ResultFiguresProps {
  answers: Partial<SimulatorAnswers>;
  porcentajeCuota: number;
}

/** The instalment, the income and the share of one in the other, es-ES. */
export function ResultFigures({ answers, porcentajeCuota }: ResultFiguresProps) {
  const rows = [
    { term: 'Cuota mensual de tu hipoteca', value: answers.cuotaMensual, format: formatEuros },
    {
      term: 'Ingresos mensuales de tu unidad familiar',
      value: answers.ingresosMensuales,
      format: formatEuros,
    },
    {
      term: 'Esfuerzo hipotecario actual (parte de tus ingresos que se va en la cuota)',
      value: porcentajeCuota,
      format: (value: number) => formatPercent(value),
    },
  ];
  return (
    <dl className="flex flex-col divide-y divide-border rounded-lg border-2 border-border bg-surface">
      {rows.map(({ term, value, format }) =>
        value === undefined ? null : (
          <div
            key={term}
            className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-6"
          >
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="text-xl font-bold tabular-nums whitespace-nowrap text-foreground">
              {format(value)}
            </dd>
          </div>
        ),
      )}
    </dl>
  );
}
