import { NumberInput, type NumberInputProps } from '../NumberInput';

export type PercentInputProps = NumberInputProps;

/**
 * A percentage typed the Spanish way ("3,25" for 3,25 %), with "%" after the box. The value is
 * the percentage itself, not a fraction, in steps of 0,01: it has two decimals at most (rounded
 * half away from zero) and, on leaving the box, is shown with two: "3,25".
 */
export function PercentInput({
  unitLabel = 'en porcentaje',
  fractionDigits = 2,
  formatOnBlur = true,
  className,
  ...props
}: PercentInputProps) {
  return (
    <NumberInput
      data-slot="percent-input"
      endAddon="%"
      unitLabel={unitLabel}
      fractionDigits={fractionDigits}
      formatOnBlur={formatOnBlur}
      className={className ?? 'max-w-40'}
      {...props}
    />
  );
}
