import type { VariantProps } from 'class-variance-authority';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';

import {
  accordionItemVariants,
  accordionVariants,
  alertVariants,
  buttonVariants,
  cardVariants,
  checkboxVariants,
  dataTableCellVariants,
  dialogContentVariants,
  fieldErrorVariants,
  gaugeVariants,
  helpTipTriggerVariants,
  inputVariants,
  labelVariants,
  linkVariants,
  nativeSelectVariants,
  progressBarVariants,
  radioCardGroupVariants,
  radioCardVariants,
  selectTriggerVariants,
  spinnerVariants,
  statusBadgeVariants,
  stepperMarkerVariants,
  stepsVariants,
  tabsListVariants,
  tabsTriggerVariants,
  taskStatusVariants,
  timelineMarkerVariants,
  tooltipContentVariants,
} from '../src';
import { toastVariants } from '../src/components/Toast/ToastRegion';

type VariantFunction = (props?: Record<string, string>) => string;

/** Every value of every variant, as an object whose keys the type checker makes complete. */
type AllValues<F extends (...args: never[]) => string> = {
  [K in keyof VariantProps<F>]-?: Record<Extract<NonNullable<VariantProps<F>[K]>, string>, true>;
};

function combinations(values: Record<string, Record<string, true>>): Record<string, string>[] {
  return Object.entries(values).reduce<Record<string, string>[]>(
    (partial, [name, options]) =>
      partial.flatMap((props) =>
        Object.keys(options).map((value) => ({ ...props, [name]: value })),
      ),
    [{}],
  );
}

function entry<F extends (...args: never[]) => string>(variants: F, values: AllValues<F>) {
  return {
    render: variants as unknown as VariantFunction,
    combinations: combinations(values),
  };
}

/**
 * The components' variant functions with all their values. Adding a value to a cva without
 * adding it here fails the type check, so no combination goes untested.
 */
const variantFunctions = {
  accordionItemVariants: entry(accordionItemVariants, { variant: { lines: true, cards: true } }),
  accordionVariants: entry(accordionVariants, { variant: { lines: true, cards: true } }),
  alertVariants: entry(alertVariants, {
    variant: { error: true, success: true, info: true, warning: true },
    layout: { inline: true, banner: true },
  }),
  buttonVariants: entry(buttonVariants, {
    variant: {
      primary: true,
      secondary: true,
      outline: true,
      ghost: true,
      destructive: true,
      link: true,
    },
    size: { sm: true, md: true, lg: true, icon: true },
    padding: { normal: true, narrow: true },
    align: { center: true, start: true },
    ring: { default: true, inverse: true },
    display: { flex: true, grid: true },
  }),
  cardVariants: entry(cardVariants, { variant: { default: true, muted: true, highlighted: true } }),
  checkboxVariants: entry(checkboxVariants, {}),
  dataTableCellVariants: entry(dataTableCellVariants, {
    kind: { head: true, body: true },
    align: { start: true, end: true },
    wrap: { auto: true, normal: true },
  }),
  dialogContentVariants: entry(dialogContentVariants, {
    size: { sm: true, md: true, lg: true, frame: true },
  }),
  fieldErrorVariants: entry(fieldErrorVariants, { size: { sm: true, md: true } }),
  gaugeVariants: entry(gaugeVariants, {
    unit: { 'euros-month': true, years: true, percent: true },
    size: { sm: true, md: true, lg: true },
  }),
  helpTipTriggerVariants: entry(helpTipTriggerVariants, { size: { sm: true, md: true } }),
  inputVariants: entry(inputVariants, { lines: { single: true, multiple: true } }),
  labelVariants: entry(labelVariants, { variant: { field: true, option: true, heading: true } }),
  linkVariants: entry(linkVariants, {
    variant: { inline: true, standalone: true, subtle: true, inverse: true },
  }),
  nativeSelectVariants: entry(nativeSelectVariants, { layout: { block: true, inline: true } }),
  progressBarVariants: entry(progressBarVariants, {
    tone: { primary: true, success: true },
    size: { sm: true, md: true },
  }),
  radioCardGroupVariants: entry(radioCardGroupVariants, { layout: { stack: true, grid: true } }),
  radioCardVariants: entry(radioCardVariants, {}),
  selectTriggerVariants: entry(selectTriggerVariants, {}),
  spinnerVariants: entry(spinnerVariants, { size: { sm: true, md: true, lg: true } }),
  statusBadgeVariants: entry(statusBadgeVariants, {
    tone: { warning: true, success: true, danger: true, info: true, neutral: true },
    size: { sm: true, md: true },
  }),
  stepsVariants: entry(stepsVariants, { layout: { row: true, wrap: true } }),
  stepperMarkerVariants: entry(stepperMarkerVariants, {
    state: { complete: true, current: true, upcoming: true },
  }),
  tabsListVariants: entry(tabsListVariants, { variant: { underline: true, pills: true } }),
  tabsTriggerVariants: entry(tabsTriggerVariants, { variant: { underline: true, pills: true } }),
  taskStatusVariants: entry(taskStatusVariants, {
    tone: { 'not-started': true, 'in-progress': true, completed: true, pending: true },
  }),
  timelineMarkerVariants: entry(timelineMarkerVariants, {
    state: { completado: true, 'en-progreso': true, other: true },
  }),
  tooltipContentVariants: entry(tooltipContentVariants, { size: { sm: true, md: true } }),
  toastVariants: entry(toastVariants, { variant: { success: true, error: true, info: true } }),
};

/**
 * Classes tailwind-merge would drop from `classes`: each sets a CSS property that a later class
 * sets too. `cn` joins classes without merging, and Tailwind orders its rules by utility, not
 * by the order of the class attribute, so any such pair would render by the stylesheet's order.
 * tailwind-merge is only a dev dependency: it knows which utilities overlap.
 */
function conflicting(classes: string): string[] {
  const kept = new Set(twMerge(classes).split(' '));
  return classes.split(/\s+/).filter((name) => name !== '' && !kept.has(name));
}

describe.each(Object.entries(variantFunctions))('%s', (_name, { render, combinations }) => {
  it.each(combinations.map((props) => [JSON.stringify(props), props] as const))(
    'sets each CSS property once for %s',
    (_props, props) => {
      expect(conflicting(render(props))).toEqual([]);
    },
  );
});
