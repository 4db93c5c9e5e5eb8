import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';

import { Field } from '../Field';
import { formatSpanishNumber, NumberInput, readSpanishNumber } from './NumberInput';

describe('readSpanishNumber', () => {
  it('reads Spanish typing, and tells an empty box (null) from text that is no number (NaN)', () => {
    expect(readSpanishNumber('1.234,56')).toBe(1234.56);
    expect(readSpanishNumber('  ')).toBeNull();
    expect(readSpanishNumber('12abc')).toBeNaN();
    expect(readSpanishNumber('12abc', 2)).toBeNaN();
  });

  it('rounds half away from zero on the decimal value, not on its binary approximation', () => {
    // 1.005 is stored as 1.00499999999999989...; rounding that would give 1.00.
    expect(readSpanishNumber('1,005', 2)).toBe(1.01);
    expect(readSpanishNumber('-2,345', 2)).toBe(-2.35);
    expect(readSpanishNumber('3,254', 2)).toBe(3.25);
    expect(readSpanishNumber('1.234,5', 0)).toBe(1235);
  });
});

describe('formatSpanishNumber', () => {
  it('keeps the decimals a number has, or writes exactly the ones asked for', () => {
    expect(formatSpanishNumber(1234.5)).toBe('1.234,5');
    expect(formatSpanishNumber(1234.5, 2)).toBe('1.234,50');
    expect(formatSpanishNumber(1234)).toBe('1.234');
  });

  it('does not drop the digits of a number JavaScript writes with an exponent', () => {
    // String(1.5e-7) is "1.5e-7": one written decimal, moved seven places, is eight decimals.
    expect(formatSpanishNumber(1.5e-7)).toBe('0,00000015');
  });
});

function ControlledAmount({ onValueChange }: { onValueChange: (value: number | null) => void }) {
  const [text, setText] = useState('');
  return (
    <Field label="Capital pendiente">
      <NumberInput
        value={text}
        fractionDigits={2}
        formatOnBlur
        onValueChange={(value, nextText) => {
          setText(nextText);
          onValueChange(value);
        }}
      />
    </Field>
  );
}

describe('NumberInput', () => {
  it('shows a numeric default value the Spanish way', async () => {
    const screen = await render(
      <Field label="Capital pendiente">
        <NumberInput defaultValue={85000.5} fractionDigits={2} />
      </Field>,
    );
    await expect
      .element(screen.getByRole('textbox', { name: 'Capital pendiente' }))
      .toHaveValue('85.000,50');
  });

  it('works controlled: the parent keeps the text, including the formatting on blur', async () => {
    const onValueChange = vi.fn();
    const screen = await render(<ControlledAmount onValueChange={onValueChange} />);
    const input = screen.getByRole('textbox', { name: 'Capital pendiente' });

    await userEvent.fill(input, '85000,5');
    await expect.element(input).toHaveValue('85000,5');
    expect(onValueChange).toHaveBeenLastCalledWith(85000.5);

    await userEvent.tab();
    await expect.element(input).toHaveValue('85.000,50');
    expect(onValueChange).toHaveBeenLastCalledWith(85000.5);
  });

  it('leaves a text that is not a number as it is on blur', async () => {
    const onValueChange = vi.fn();
    const screen = await render(<ControlledAmount onValueChange={onValueChange} />);
    const input = screen.getByRole('textbox', { name: 'Capital pendiente' });

    await userEvent.fill(input, '85.000,5,0');
    await userEvent.tab();
    await expect.element(input).toHaveValue('85.000,5,0');
    expect(onValueChange).toHaveBeenCalledTimes(1);
    expect(onValueChange).toHaveBeenLastCalledWith(Number.NaN);
  });
});
