import { Alert, AlertTitle, Button } from '@cbp/ui';
import { Link } from 'react-router';

import type { Loaded } from '../../lib/client-loader';
import { LoadFailure } from '../../lib/load-failure';
import { onDemandPart } from '../../lib/on-demand-part';
import { Section } from '../../lib/section';
import { WhenNeeded } from '../../lib/when-needed';
import type { InformationPart } from './PlanInformation';
import type { Benefits } from './state';
import {
  benefitsNote,
  BENEFITS_TITLE,
  CALCULATOR_HREF,
  graceRateText,
  NO_CALCULATION_LINK,
  NO_CALCULATION_TEXT,
  NOT_ELIGIBLE_LINK,
  notEligibleText,
  FAQ_TITLE,
  FEES_TITLE,
  INFORMATION_LOADING,
  INFORMATION_UNREACHABLE,
  SUCCESS_BANNER,
  TESTIMONIALS_TITLE,
} from './strings';

export function SuccessBanner() {
  return (
    <Alert variant="success">
      <AlertTitle>{SUCCESS_BANNER.title}</AlertTitle>
      <p>{SUCCESS_BANNER.text}</p>
    </Alert>
  );
}

/**
 * 'Lo que puedes conseguir': the figures of the person's newest calculation with the measures the
 * code gives them, or, without a calculation that qualifies, no figures and the way to the
 * calculator.
 */
export function BenefitsSummary({ load }: { load: Loaded<Benefits> }) {
  return (
    <Section title={BENEFITS_TITLE}>
      {load.kind === 'failed' ? <LoadFailure message={load.message} /> : null}
      {load.kind === 'loaded' ? <BenefitsContent benefits={load.data} /> : null}
    </Section>
  );
}

function BenefitsContent({ benefits }: { benefits: Benefits }) {
  if (benefits.kind !== 'figures') {
    return (
      <>
        <p>
          {benefits.kind === 'no-calculation'
            ? NO_CALCULATION_TEXT
            : notEligibleText(benefits.calculatedOn)}
        </p>
        <div>
          <Button asChild variant="outline">
            <Link to={CALCULATOR_HREF}>
              {benefits.kind === 'no-calculation' ? NO_CALCULATION_LINK : NOT_ELIGIBLE_LINK}
            </Link>
          </Button>
        </div>
      </>
    );
  }
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {benefits.figures.map((benefit) => (
          <div
            key={benefit.label}
            className="flex min-w-0 flex-col-reverse gap-1 rounded-lg border-2 border-border bg-surface p-4 text-surface-foreground"
          >
            <dt className="text-sm text-muted-foreground">{benefit.label}</dt>
            <dd className="text-2xl font-bold tabular-nums break-words">{benefit.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-muted-foreground">{benefitsNote(benefits.calculatedOn)}</p>
      {benefits.graceRate === null ? null : <p>{graceRateText(benefits.graceRate)}</p>}
    </>
  );
}

const information = onDemandPart<{ part: InformationPart }>({
  load: () => import('./PlanInformation').then((module) => module.PlanInformation),
  loading: INFORMATION_LOADING,
  unreachable: INFORMATION_UNREACHABLE,
});

export function Testimonials() {
  return (
    <Section title={TESTIMONIALS_TITLE}>
      <WhenNeeded>
        <information.Part part="testimonials" />
      </WhenNeeded>
    </Section>
  );
}

export function PlanFaq() {
  return (
    <Section title={FAQ_TITLE}>
      <WhenNeeded>
        <information.Part part="faq" />
      </WhenNeeded>
    </Section>
  );
}

export function FeeSection() {
  return (
    <Section title={FEES_TITLE}>
      <WhenNeeded>
        <information.Part part="fees" />
      </WhenNeeded>
    </Section>
  );
}
