import { PAYMENT_METHODS, type PaymentMethod } from '@cbp/core';
import { RadioCard, RadioCardGroup } from '@cbp/ui';

import { METHOD_LEGEND, METHODS } from './strings';

export interface MethodChoiceProps {
  value: PaymentMethod | null;
  disabled: boolean;
  onChoose: (method: PaymentMethod) => void;
}

/**
 * Card or transfer: the payment's second step, shown once a plan is chosen. Loaded apart
 * (PaymentFlow.tsx) with the kit's radio cards, which the plans themselves do not need.
 */
export function MethodChoice({ value, disabled, onChoose }: MethodChoiceProps) {
  return (
    <RadioCardGroup
      legend={METHOD_LEGEND}
      value={value ?? ''}
      disabled={disabled}
      onValueChange={(chosen) => {
        const method = PAYMENT_METHODS.find((item) => item === chosen);
        if (method !== undefined) onChoose(method);
      }}
      layout="grid"
    >
      {PAYMENT_METHODS.map((method: PaymentMethod) => (
        <RadioCard key={method} value={method} description={METHODS[method].description}>
          {METHODS[method].label}
        </RadioCard>
      ))}
    </RadioCardGroup>
  );
}
