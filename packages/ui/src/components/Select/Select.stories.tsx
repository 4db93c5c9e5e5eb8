import { INCOME_TYPE_OPTIONS, RELATIONSHIP_OPTIONS } from '@cbp/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';

import { withWidth } from '../../../storybook/decorators';
import { Field } from '../Field';
import { NativeSelect } from './NativeSelect';
import { Select, SelectItem } from './Select';

const incomeItems = INCOME_TYPE_OPTIONS.map(({ value, label }) => (
  <SelectItem key={value} value={value}>
    {label}
  </SelectItem>
));

const meta = {
  title: 'Formularios/Select',
  component: Select,
  args: { name: 'persona1Ingresos', onValueChange: fn(), children: incomeItems },
  argTypes: {
    placeholder: { control: 'text' },
    disabled: { control: 'boolean' },
    children: { control: false },
  },
  decorators: [withWidth('max-w-sm')],
  render: (args) => (
    <Field label="Tipo de ingresos">
      <Select {...args} />
    </Field>
  ),
  parameters: {
    docs: {
      description: {
        component: `
A closed list to choose one option from (Radix Select), for short fixed lists: the income type of each person,
their relationship to the holder. For the list of about 90 banks use \`BankPicker\`, which can be searched.

**Usage**
\`\`\`tsx
<Field label="Relación con el titular" error={errors.persona2Relacion}>
  <Select name="persona2Relacion" value={value} onValueChange={setValue}>
    {RELATIONSHIP_OPTIONS.map(({ value, label }) => (
      <SelectItem key={value} value={value}>{label}</SelectItem>
    ))}
  </Select>
</Field>
\`\`\`
- Until something is chosen it shows "Selecciona una opción" (\`placeholder\` changes it). There is no empty
  option: to make the choice optional, say so in the label and allow no value.
- \`name\` sends the value with a native form; \`value\`/\`onValueChange\` for a controlled form.
- Inside a \`Field\` it takes the label, hint, error, \`required\` and \`disabled\`; give the Field an \`id\` to link
  to it from an error summary.

**Accessibility criteria**
- The button is a \`combobox\` named by the Field's label, described by its hint and error, \`aria-invalid\` and
  \`aria-required\` from the Field.
- Keyboard: Tab reaches it; Enter, Space or the arrow keys open the list; arrows move, typing a letter jumps to
  the next option that starts with it; Enter or Space choose; Escape closes without changing; focus returns to
  the button.
- The chosen option shows a check mark and bold text, the highlighted one a solid background: never colour alone.
- Options are 44 px high; the list fits the screen at 375 px and scrolls when longer.
`,
      },
    },
  },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Tipo de ingresos' });
    await expect(trigger).toHaveTextContent('Selecciona una opción');

    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    // Radix opens the list on the next frames; a busy machine can take longer than 1 s.
    const listbox = await screen.findByRole('listbox', {}, { timeout: 5000 });
    await expect(screen.getByRole('option', { name: 'Nómina' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    await expect(screen.getByRole('option', { name: 'Prestación por desempleo' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    await expect(listbox).not.toBeInTheDocument();
    await expect(trigger).toHaveTextContent('Prestación por desempleo');
    await expect(trigger).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('Prestacion Desempleo');

    await userEvent.keyboard(' ');
    await screen.findByRole('listbox', {}, { timeout: 5000 });
    await userEvent.keyboard('{ArrowUp}{Escape}');
    await expect(trigger).toHaveTextContent('Prestación por desempleo');
    await expect(args.onValueChange).toHaveBeenCalledTimes(1);
  },
};

export const Open: Story = {
  parameters: {
    screenshot: { scope: 'page' },
    docs: {
      description: { story: 'The open list, with the chosen option checked.' },
    },
  },
  args: { defaultValue: 'Pension' },
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Tipo de ingresos' });
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const chosen = await screen.findByRole('option', { name: 'Pensión' });
    await expect(chosen).toHaveAttribute('aria-selected', 'true');
    await expect(chosen).toHaveFocus();
    await expect(screen.getAllByRole('option')).toHaveLength(INCOME_TYPE_OPTIONS.length);
  },
};

export const WithError: Story = {
  args: { name: 'persona2Relacion', children: undefined },
  render: (args) => (
    <Field
      id="persona2Relacion"
      label="Relación con el titular"
      hint="Cómo está emparentada esta persona con el primer titular."
      error="Elige una relación de la lista"
      required
    >
      <Select {...args}>
        {RELATIONSHIP_OPTIONS.map(({ value, label }) => (
          <SelectItem key={value} value={value}>
            {label}
          </SelectItem>
        ))}
      </Select>
    </Field>
  ),
  play: async ({ args, canvas, userEvent }) => {
    const trigger = canvas.getByRole('combobox', {
      name: 'Relación con el titular (obligatorio)',
    });
    await expect(trigger).toHaveAttribute('id', 'persona2Relacion');
    await expect(trigger).toBeInvalid();
    await expect(trigger).toHaveAttribute('aria-required', 'true');
    await expect(trigger).toHaveAccessibleDescription(
      'Cómo está emparentada esta persona con el primer titular. Error: Elige una relación de la lista',
    );

    // Closed, typing a letter chooses the next option starting with it.
    await userEvent.tab();
    await userEvent.keyboard('p');
    await expect(trigger).toHaveTextContent('Pareja de hecho');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('pareja-de-hecho');
  },
};

export const Disabled: Story = {
  args: { defaultValue: 'Nomina' },
  render: (args) => (
    <Field label="Tipo de ingresos" hint="Lo indicaste en el paso anterior." disabled>
      <Select {...args} />
    </Field>
  ),
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Tipo de ingresos' });
    await expect(trigger).toBeDisabled();
    await expect(trigger).toHaveTextContent('Nómina');
    await userEvent.tab();
    await expect(trigger).not.toHaveFocus();
  },
};

export const LongText: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { defaultValue: 'Prestacion Desempleo' },
  render: (args) => (
    <Field
      label="Tipo de ingresos principal de la segunda persona de la unidad familiar"
      hint="Si tiene varios, elige el que le aporta más dinero cada mes."
    >
      <Select {...args} />
    </Field>
  ),
  play: async ({ canvas, canvasElement }) => {
    const trigger = canvas.getByRole('combobox', {
      name: 'Tipo de ingresos principal de la segunda persona de la unidad familiar',
    });
    await expect(trigger).toHaveTextContent('Prestación por desempleo');
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

/** The browser's own list, for filters that need an empty "Todas" option. */
export const Native: Story = {
  render: () => (
    <Field label="Fase comercial" hint="Filtra la lista; «Todas» quita el filtro.">
      <NativeSelect defaultValue="">
        <option value="">Todas</option>
        <option value="Nuevo">Nuevo</option>
        <option value="Contactado">Contactado</option>
      </NativeSelect>
    </Field>
  ),
  play: async ({ canvas, userEvent }) => {
    const select = canvas.getByRole('combobox', { name: 'Fase comercial' });
    await expect(select).toHaveAccessibleDescription('Filtra la lista; «Todas» quita el filtro.');
    await userEvent.selectOptions(select, 'Contactado');
    await expect(select).toHaveValue('Contactado');
  },
};
