import { formatWholeEuros, PLANS, RULES } from '@cbp/core';
import { PlanCard } from '@cbp/ui';

/** Over the single payment's price: what it saves against the split one, from the rule table. */
const SINGLE_PAYMENT_CLAIM = `Ahorra ${formatWholeEuros(RULES.plans.singlePaymentSaving)}`;

/**
 * The two plans on the fees page. A plan is chosen in the private area, after the simulator:
 * choosing one here starts the simulator.
 */
export function FeePlans() {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {PLANS.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          highlight={plan.id === 'unico' ? SINGLE_PAYMENT_CLAIM : undefined}
          selectLabel="Comprobar mis requisitos"
          onSelect={() => {
            window.location.assign('/simulador');
          }}
        />
      ))}
    </div>
  );
}
