import { Alert, AlertTitle, TextLink } from '@cbp/ui';
import { Link } from 'react-router';

import { SuccessBanner } from './FeesSections';
import { CALCULATOR_HREF } from './strings';
import { PLAN_NOT_QUALIFYING, type PlanGate } from './verdict';

/** The heading of the plan choice: what the person's latest calculation says (decision 0720). */
export function VerdictBanner({ gate }: { gate: PlanGate }) {
  switch (gate.kind) {
    case 'qualifies':
      return <SuccessBanner />;
    case 'does-not-qualify':
      return (
        <Alert variant="warning">
          <AlertTitle>{PLAN_NOT_QUALIFYING.title}</AlertTitle>
          {gate.failed.length === 0 ? null : (
            <>
              <p>{PLAN_NOT_QUALIFYING.failedIntro}</p>
              <ul className="list-disc ps-5">
                {gate.failed.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </>
          )}
          <p>{PLAN_NOT_QUALIFYING.whatNow}</p>
          <p>{PLAN_NOT_QUALIFYING.noPayment}</p>
          <p>
            <TextLink asChild>
              <Link to={CALCULATOR_HREF}>{PLAN_NOT_QUALIFYING.calculatorLink}</Link>
            </TextLink>
          </p>
        </Alert>
      );
    // Before any calculation, 'Lo que puedes conseguir' says it and links to the calculator.
    case 'not-calculated':
    case 'unknown':
      return null;
  }
}
