import { BANKS } from '@cbp/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';

import { withWidth } from '../../../storybook/decorators';
import { Button } from '../Button';
import { Field } from '../Field';
import { BankPicker } from './BankPicker';

const meta = {
  title: 'Formularios/BankPicker',
  component: BankPicker,
  args: { banks: BANKS, onValueChange: fn() },
  argTypes: {
    value: { control: 'text' },
    defaultValue: { control: 'text' },
    disabled: { control: 'boolean' },
    banks: { control: false },
  },
  // Room for the open list, which is drawn over whatever follows the picker.
  decorators: [withWidth('min-h-[26rem] max-w-md')],
  render: (args) => (
    <Field label="Banco" hint="Escribe el nombre de la entidad con la que tienes la hipoteca.">
      <BankPicker {...args} />
    </Field>
  ),
  parameters: {
    docs: {
      description: {
        component: `
Step 1 of the calculator ("Banco") and the review wizard's \`bancoHipoteca\`: a text box that filters the
88 lenders of @cbp/core's \`BANKS\` as the person types, and a list to choose one from.

**Usage**
- Put it inside a \`Field\` with the question as its label; the field gives the box its name, hint and error
  ('Por favor, selecciona un banco').
- The value is the bank's stable id (\`value\`/\`defaultValue\`, \`onValueChange(id, bank)\`); \`name\` submits it with a
  form through a hidden input.
- Typing ignores case and accents and also finds older names: "bankia" lists CaixaBank and shows the matched name in
  brackets. The best match comes first: the whole name, then names that start with the text, then names with a word that
  starts with it, then the rest, shorter names first ("caixa" gives CaixaBank first). With no match the list says
  "No se encontraron resultados".
- The chosen bank is confirmed under the box: "Banco seleccionado: Cajamar Caja Rural". Editing the text undoes the
  choice, so the form never holds a bank other than the one on screen.
- Built on downshift's \`useCombobox\` (docs/decisions/0290-bank-picker-combobox.md).

**Accessibility criteria**
- WAI-ARIA APG combobox with a listbox popup and list autocomplete: \`role="combobox"\` on the text box with
  \`aria-expanded\`, \`aria-controls\` and \`aria-activedescendant\`; focus stays in the box while the arrows move through
  the options.
- Keyboard: typing opens the list with the first match highlighted; Down/Up move (and open the list); Home/End go to the
  first/last option while the list is open; Enter chooses; Escape closes the list, and a second Escape clears the box;
  Tab leaves the box, keeping the highlighted option as the APG "automatic selection" pattern does.
- The number of results, or "No se encontraron resultados", is announced politely; the choice is confirmed by a
  polite status ("Banco seleccionado: ...").
- Highlighted option: white on the primary colour; the chosen one also has a check, not colour alone.
- Options are at least 44 px high; the list scrolls inside a popup no wider than the box at 375 px.
`,
      },
    },
  },
} satisfies Meta<typeof BankPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const KeyboardChoice: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'Typing "caja rural", moving with the arrows, Home and End, and choosing with Enter, all from the keyboard.',
      },
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    const box = canvas.getByRole('combobox', { name: 'Banco' });
    await expect(box).toHaveAccessibleDescription(
      'Escribe el nombre de la entidad con la que tienes la hipoteca.',
    );
    await expect(box).toHaveAttribute('aria-expanded', 'false');

    await userEvent.tab();
    await expect(box).toHaveFocus();
    await userEvent.keyboard('caja rural');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const list = canvas.getByRole('listbox', { name: 'Bancos' });
    const options = canvas.getAllByRole('option');
    await expect(options.length).toBeGreaterThan(3);
    for (const option of options) await expect(option).toHaveTextContent(/caja rural/i);

    const highlighted = () => box.getAttribute('aria-activedescendant');
    await expect(highlighted()).toBe(options[0]?.id);
    await expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    await expect(highlighted()).toBe(options[1]?.id);
    await userEvent.keyboard('{End}');
    await expect(highlighted()).toBe(options.at(-1)?.id);
    await userEvent.keyboard('{Home}');
    await expect(highlighted()).toBe(options[0]?.id);
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{ArrowDown}');
    const second = options[1];
    if (!second) throw new Error('A second option was expected');
    const secondName = second.querySelector('[data-slot="bank-picker-option-name"]')?.textContent;
    if (!secondName) throw new Error('The option has no name');

    await userEvent.keyboard('{Enter}');
    await expect(box).toHaveValue(secondName);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(list).not.toBeVisible();
    await expect(box).toHaveFocus();
    await expect(canvas.getByRole('status')).toHaveTextContent(`Banco seleccionado: ${secondName}`);
    await expect(args.onValueChange).toHaveBeenLastCalledWith(
      expect.any(String),
      expect.objectContaining({ nombre: secondName }),
    );
  },
};

export const EscapeAndNoResults: Story = {
  args: { defaultValue: 'ing' },
  parameters: {
    docs: {
      description: {
        story:
          'Starting with ING chosen: Escape closes the list, a second Escape clears the choice; a name with no match says so.',
      },
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    const box = canvas.getByRole('combobox', { name: 'Banco' });
    await expect(box).toHaveValue('ING');
    await expect(canvas.getByRole('status')).toHaveTextContent('Banco seleccionado: ING');

    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    // The whole list opens, with the chosen bank highlighted.
    await expect(canvas.getAllByRole('option').length).toBe(BANKS.length);
    await expect(canvas.getByRole('option', { name: 'ING' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Escape}');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue('ING');

    await userEvent.keyboard('{Escape}');
    await expect(box).toHaveValue('');
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
    await expect(args.onValueChange).toHaveBeenLastCalledWith(null, null);

    await userEvent.keyboard('Banco de la Luna');
    await expect(canvas.queryAllByRole('option')).toHaveLength(0);
    await expect(canvas.getByText('No se encontraron resultados')).toBeVisible();
    await expect(box.getAttribute('aria-activedescendant')).toBe('');
  },
};

export const OlderName: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'The best match comes first ("caixa" gives CaixaBank); a bank that merged into another is found by its old name, shown in brackets; editing a chosen name undoes the choice.',
      },
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    const box = canvas.getByRole('combobox', { name: 'Banco' });
    await userEvent.click(box);
    // The best match comes first: the name that starts with what was typed and is shortest.
    await userEvent.keyboard('caixa');
    await expect(canvas.getAllByRole('option')[0]).toHaveAccessibleName('CaixaBank');
    await userEvent.clear(box);
    await userEvent.keyboard('BANKIA');
    const option = canvas.getByRole('option', { name: 'CaixaBank (Bankia)' });
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(option);
    await expect(box).toHaveValue('CaixaBank');
    await expect(canvas.getByRole('status')).toHaveTextContent('Banco seleccionado: CaixaBank');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(
      'caixabank',
      expect.objectContaining({ nombre: 'CaixaBank' }),
    );

    await userEvent.keyboard('{Backspace}');
    await expect(box).toHaveValue('CaixaBan');
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
    await expect(args.onValueChange).toHaveBeenLastCalledWith(null, null);

    await userEvent.clear(box);
    await userEvent.keyboard('liberbank');
    await expect(canvas.getByRole('option', { name: 'Unicaja Banco (Liberbank)' })).toBeVisible();
  },
};

const submitStep = fn<(bank: string) => void>();

function CalculatorStep({ onSubmit }: { onSubmit: (bank: string) => void }) {
  const [bank, setBank] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      aria-label="Paso 1 de 5: Banco"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = new FormData(event.currentTarget).get('banco');
        if (typeof chosen !== 'string' || chosen === '') {
          setError('Por favor, selecciona un banco');
          return;
        }
        setError(undefined);
        onSubmit(chosen);
      }}
    >
      <Field label="¿Con qué banco tienes la hipoteca?" required error={error}>
        <BankPicker banks={BANKS} name="banco" value={bank} onValueChange={setBank} />
      </Field>
      <Button type="submit" className="self-start">
        Siguiente
      </Button>
    </form>
  );
}

export const InFieldWithError: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'Inside the calculator step: "Siguiente" without a bank shows the spec\'s error; choosing one submits its id.',
      },
    },
  },
  render: () => <CalculatorStep onSubmit={submitStep} />,
  play: async ({ canvas, userEvent }) => {
    submitStep.mockClear();
    const box = canvas.getByRole('combobox', {
      name: '¿Con qué banco tienes la hipoteca? (obligatorio)',
    });
    await userEvent.click(canvas.getByRole('button', { name: 'Siguiente' }));
    await expect(box).toBeInvalid();
    await expect(box).toHaveAccessibleDescription('Error: Por favor, selecciona un banco');

    await userEvent.click(box);
    await userEvent.keyboard('cajamar{Enter}');
    await expect(box).toHaveValue('Cajamar Caja Rural');
    await userEvent.keyboard('{Enter}');
    await expect(submitStep).toHaveBeenCalledTimes(1);
    await expect(submitStep).toHaveBeenCalledWith('cajamar-caja-rural');
    await expect(box).not.toBeInvalid();
  },
};

export const OpenOnMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const box = canvas.getByRole('combobox', { name: 'Banco' });
    await userEvent.click(canvas.getByRole('button', { name: 'Mostrar la lista de bancos' }));
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toHaveFocus();
    const list = canvas.getByRole('listbox', { name: 'Bancos' });
    await expect(list.getBoundingClientRect().right).toBeLessThanOrEqual(
      box.getBoundingClientRect().right + 2,
    );
    await expect(
      canvas.getAllByRole('option')[0]?.getBoundingClientRect().height,
    ).toBeGreaterThanOrEqual(44);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'banco-santander' },
  play: async ({ canvas, userEvent }) => {
    const box = canvas.getByRole('combobox', { name: 'Banco' });
    await expect(box).toBeDisabled();
    await expect(box).toHaveValue('Banco Santander');
    await userEvent.click(canvas.getByRole('button', { name: 'Mostrar la lista de bancos' }));
    await expect(box).toHaveAttribute('aria-expanded', 'false');
  },
};
