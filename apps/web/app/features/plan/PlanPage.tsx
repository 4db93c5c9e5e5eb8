import { madridDay } from '@cbp/core';
import { Alert } from '@cbp/ui';
import * as React from 'react';
import { useFetcher, useLoaderData } from 'react-router';

import { mapLoaded } from '../../lib/client-loader';
import { LoadFailure } from '../../lib/load-failure';
import { useCaseProgress } from '../shell/progress';
import { BenefitsSummary, FeeSection, PlanFaq, Testimonials } from './FeesSections';
import { WITHDRAW_INTENT, type clientAction, type clientLoader } from './loader';
import { PaymentFlow } from './PaymentFlow';
import { paymentStatus } from './payment-status-part';
import { benefitsOf, billingView, planPageTitle, type BillingView } from './state';
import { planGate } from './verdict';
import { VerdictBanner } from './VerdictBanner';

const PaymentStatus = paymentStatus.Part;

/** /app/honorarios (spec 02, 2.4 and 4.5): what the case's payment state calls for. */
export function PlanPage() {
  const { refresh: refreshProgress } = useCaseProgress();
  const { billing: load, latest } = useLoaderData<typeof clientLoader>();
  const benefits = mapLoaded(latest, benefitsOf);
  const gate = planGate(mapLoaded(latest, (record) => record?.resultado ?? null));
  const [choosingAgain, setChoosingAgain] = React.useState(false);
  // 'Desistir' answers through the fetcher its dialog submits with (the same key).
  const withdrawal = useFetcher<typeof clientAction>({ key: WITHDRAW_INTENT });
  const withdrawn = withdrawal.state === 'idle' ? withdrawal.data : undefined;
  const notice = withdrawn?.ok === true ? withdrawn.message : null;
  React.useEffect(() => {
    if (notice !== null) refreshProgress();
  }, [notice, refreshProgress]);

  const view: BillingView | null =
    load.kind === 'loaded' ? billingView(load.data, madridDay(new Date())) : null;
  const showFlow = view !== null && (view.kind === 'choose' || choosingAgain);

  return (
    <div className="flex max-w-5xl min-w-0 flex-col gap-10">
      <h1 className="text-3xl leading-tight font-bold">{planPageTitle(view)}</h1>
      {load.kind === 'failed' ? <LoadFailure message={load.message} /> : null}

      {notice === null ? null : (
        <Alert variant="success">
          <p>{notice}</p>
        </Alert>
      )}

      {showFlow ? (
        <>
          {/* Each says once why there are no figures and links to the calculator. */}
          <VerdictBanner gate={gate} />
          {gate.kind === 'does-not-qualify' ? null : <BenefitsSummary load={benefits} />}
          {gate.offerPayment ? <PaymentFlow onSigned={refreshProgress} /> : null}
          <Testimonials />
          <PlanFaq />
          <FeeSection />
        </>
      ) : null}

      {view === null ||
      view.kind === 'choose' ||
      (view.kind === 'pending' && choosingAgain) ? null : (
        <PaymentStatus
          view={view}
          onChooseAgain={() => {
            setChoosingAgain(true);
          }}
        />
      )}
    </div>
  );
}
