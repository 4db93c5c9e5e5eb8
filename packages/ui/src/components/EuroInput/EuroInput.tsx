import { NumberInput, type NumberInputProps } from '../NumberInput';

export type EuroInputProps = NumberInputProps;

/**
 * An amount in euros typed the Spanish way, with "€" after the box. The value has cents at
 * most (rounded half away from zero) and, on leaving the box, is shown as "1.234,56".
 */
export function EuroInput({
  unitLabel = 'en euros',
  fractionDigits = 2,
  formatOnBlur = true,
  className,
  ...props
}: EuroInputProps) {
  return (
    <NumberInput
      data-slot="euro-input"
      endAddon="€"
      unitLabel={unitLabel}
      fractionDigits={fractionDigits}
      formatOnBlur={formatOnBlur}
      className={className ?? 'max-w-60'}
      {...props}
    />
  );
}
