import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';

import { Field } from '../Field';
import { RadioCard, RadioCardGroup } from '../RadioCardGroup';
import { TextInput } from '../TextInput';
import { YesNoQuestion } from '../YesNoQuestion';
import { ErrorSummary } from './ErrorSummary';

function Radios({ defaultValue }: { defaultValue?: string }) {
  return (
    <RadioCardGroup id="metodoPago" legend="¿Cómo quieres pagar?" defaultValue={defaultValue}>
      <RadioCard value="transferencia">Transferencia bancaria</RadioCard>
      <RadioCard value="tarjeta">Tarjeta</RadioCard>
    </RadioCardGroup>
  );
}

const paymentError = [{ fieldId: 'metodoPago', message: 'Elige cómo quieres pagar' }];

describe('ErrorSummary', () => {
  afterEach(() => {
    document.onclick = null;
  });

  it('renders nothing when there are no errors', async () => {
    const screen = await render(<ErrorSummary errors={[]} />);
    await expect.element(screen.getByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a link to a group to its chosen option', async () => {
    const screen = await render(
      <>
        <ErrorSummary errors={paymentError} />
        <Radios defaultValue="tarjeta" />
      </>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Elige cómo quieres pagar' }));
    await expect.element(screen.getByRole('radio', { name: 'Tarjeta' })).toHaveFocus();
  });

  it('sends a link to a group with nothing chosen to its first option', async () => {
    const screen = await render(
      <>
        <ErrorSummary errors={paymentError} />
        <Radios />
      </>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Elige cómo quieres pagar' }));
    await expect
      .element(screen.getByRole('radio', { name: 'Transferencia bancaria' }))
      .toHaveFocus();
  });

  it('sends a link to a yes/no question to the answer given', async () => {
    const screen = await render(
      <>
        <ErrorSummary
          errors={[{ fieldId: 'viviendaHabitual', message: 'Revisa esta respuesta' }]}
        />
        <YesNoQuestion
          id="viviendaHabitual"
          question="¿Es tu vivienda habitual?"
          headingLevel={2}
          value={false}
          onAnswer={() => undefined}
        />
      </>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Revisa esta respuesta' }));
    await expect.element(screen.getByRole('button', { name: 'No' })).toHaveFocus();
  });

  it('lets a link to a field that is not on the page jump as a normal link', async () => {
    const jumps: boolean[] = [];
    document.onclick = (event) => {
      jumps.push(!event.defaultPrevented);
      event.preventDefault();
    };
    const screen = await render(
      <ErrorSummary errors={[{ fieldId: 'pasoAnterior', message: 'Falta el banco' }]} />,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Falta el banco' }));
    expect(jumps).toEqual([true]);
  });

  it('does not take the focus back when the page re-renders with it on screen', async () => {
    function Form() {
      const [name, setName] = useState('');
      return (
        <>
          <ErrorSummary errors={[{ fieldId: 'nombre', message: 'Introduce tu nombre' }]} />
          <Field id="nombre" label="Nombre">
            <TextInput
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
              }}
            />
          </Field>
        </>
      );
    }
    const screen = await render(<Form />);
    await expect.element(screen.getByRole('alert', { name: 'Hay un problema' })).toHaveFocus();

    await userEvent.click(screen.getByRole('link', { name: 'Introduce tu nombre' }));
    await userEvent.keyboard('Ana');
    const input = screen.getByRole('textbox', { name: 'Nombre' });
    await expect.element(input).toHaveValue('Ana');
    await expect.element(input).toHaveFocus();
  });
});
