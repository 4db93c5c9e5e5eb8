import type * as React from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';

import { Field, useFieldControl } from './Field';

function CustomControl(props: React.ComponentProps<'input'>) {
  const controlProps = useFieldControl(props);
  return <input {...controlProps} />;
}

describe('useFieldControl', () => {
  it('gives a custom control the field’s id, description, invalid and required state', async () => {
    const screen = await render(
      <Field id="iban" label="IBAN" hint="Empieza por ES." error="Revisa el IBAN" required>
        <CustomControl />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'IBAN (obligatorio)' });
    await expect.element(input).toHaveAttribute('id', 'iban');
    await expect.element(input).toHaveAttribute('aria-describedby', 'iban-hint iban-error');
    await expect
      .element(input)
      .toHaveAccessibleDescription('Empieza por ES. Error: Revisa el IBAN');
    await expect.element(input).toBeInvalid();
    await expect.element(input).toBeRequired();
  });

  it('keeps the control’s own description after the field’s', async () => {
    const screen = await render(
      <>
        <p id="format">Sin espacios.</p>
        <Field id="dni" label="DNI" hint="8 números y una letra.">
          <CustomControl aria-describedby="format" />
        </Field>
      </>,
    );
    await expect
      .element(screen.getByRole('textbox', { name: 'DNI' }))
      .toHaveAttribute('aria-describedby', 'dni-hint format');
  });

  it('leaves a control outside any Field as it is', async () => {
    const screen = await render(<CustomControl aria-label="Buscar banco" />);
    const input = screen.getByRole('textbox', { name: 'Buscar banco' });
    await expect.element(input).not.toHaveAttribute('id');
    await expect.element(input).not.toHaveAttribute('aria-describedby');
    await expect.element(input).not.toHaveAttribute('aria-invalid');
  });

  it('gives each field without an id its own, so two fields never share one', async () => {
    const screen = await render(
      <>
        <Field label="Nombre">
          <CustomControl />
        </Field>
        <Field label="Apellidos">
          <CustomControl />
        </Field>
      </>,
    );
    const first = screen.getByRole('textbox', { name: 'Nombre' }).element().id;
    const second = screen.getByRole('textbox', { name: 'Apellidos' }).element().id;
    expect(first).not.toBe('');
    expect(first).not.toBe(second);
  });
});
