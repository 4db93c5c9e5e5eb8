import { DISCAPACIDAD_OPTIONS } from '@cbp/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';

import { withWidth } from '../../../storybook/decorators';
import { RadioCard, RadioCardGroup } from './RadioCardGroup';

const discapacidadCards = DISCAPACIDAD_OPTIONS.map((option) => (
  <RadioCard key={option} value={option}>
    {option}
  </RadioCard>
));

const meta = {
  title: 'Formularios/RadioCardGroup',
  component: RadioCardGroup,
  args: {
    name: 'discapacidad',
    legend: '¿Tiene el deudor alguna discapacidad reconocida?',
    hint: 'El grado de discapacidad cambia el límite de ingresos para acogerse al Código.',
    onValueChange: fn(),
    children: discapacidadCards,
  },
  argTypes: {
    legend: { control: 'text' },
    hint: { control: 'text' },
    error: { control: 'text' },
    layout: { control: 'inline-radio', options: ['stack', 'grid'] },
    legendIsPageHeading: { control: 'boolean' },
    disabled: { control: 'boolean' },
    children: { control: false },
  },
  decorators: [withWidth('max-w-2xl')],
  parameters: {
    docs: {
      description: {
        component: `
One choice among a few options, each shown as a large card: the disability degree of the calculator, the
payment method. Cards make long options easy to read and to hit on a phone. They are the browser's own radio
buttons (\`<input type="radio">\` sharing one \`name\`), so they work before the page's scripts have started and
are sent with a native form.

**Usage**
\`\`\`tsx
<RadioCardGroup legend="¿Tiene el deudor alguna discapacidad reconocida?" value={value} onValueChange={setValue}>
  {DISCAPACIDAD_OPTIONS.map((option) => <RadioCard key={option} value={option}>{option}</RadioCard>)}
</RadioCardGroup>
\`\`\`
- \`legend\` is the question; \`hint\`, \`error\` and \`required\` work as in a \`Field\` (the group names itself, so it is
  not put inside one). \`legendIsPageHeading\` makes the question the page's \`<h1>\`.
- \`RadioCard\`'s children are the option's name; \`description\` adds a second line.
- Controlled with \`value\` and \`onValueChange\` (\`value=""\` chooses none), or uncontrolled with \`defaultValue\`.
  \`name\` is the radios' name in a form; without it the group makes up its own.
- \`layout="grid"\` puts short options in two columns from 640 px; long ones read better stacked.
- \`id\` goes on the group: an error summary link to it focuses the chosen option, or the first one.

**Accessibility criteria**
- \`role="radiogroup"\` named by the question (\`aria-labelledby\`), described by hint then error, with
  \`aria-invalid\` and \`aria-required\` (each radio is then \`required\` too). Each card is a \`<label>\` around a
  native \`<input type="radio">\`, named by the card's title (\`aria-labelledby\`) and described by its description
  (\`aria-describedby\`); a click anywhere on the card chooses it.
- The browser's own keyboard: one Tab stop, the chosen radio or else the first; arrow keys move and choose (and
  wrap around), skipping disabled options; Space chooses the focused radio.
- The chosen card has a filled dot, a solid border and a tinted background: never colour alone. When its radio
  has the keyboard focus the whole card shows a 3 px outline.
- Cards take the full width at 375 px and wrap long text; each is at least 44 px high.
`,
      },
    },
  },
} satisfies Meta<typeof RadioCardGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Discapacidad: Story = {
  args: { defaultValue: 'No' },
  play: async ({ args, canvas, userEvent }) => {
    const group = canvas.getByRole('radiogroup', {
      name: '¿Tiene el deudor alguna discapacidad reconocida?',
    });
    await expect(group).toHaveAccessibleDescription(
      'El grado de discapacidad cambia el límite de ingresos para acogerse al Código.',
    );
    const radios = canvas.getAllByRole('radio');
    await expect(radios).toHaveLength(DISCAPACIDAD_OPTIONS.length);
    for (const [index, option] of DISCAPACIDAD_OPTIONS.entries()) {
      await expect(radios[index]).toHaveAccessibleName(option);
    }

    const no = canvas.getByRole('radio', { name: 'No' });
    const over33 = canvas.getByRole('radio', { name: 'Sí, superior al 33%' });
    await userEvent.tab();
    await expect(no).toHaveFocus();
    await expect(no).toBeChecked();

    await userEvent.keyboard('{ArrowDown}');
    await expect(over33).toHaveFocus();
    await expect(over33).toBeChecked();
    await expect(no).not.toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('Sí, superior al 33%');

    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    const last = canvas.getByRole('radio', {
      name: 'Sí, discapacidad física o sensorial igual o superior al 65%',
    });
    await expect(last).toHaveFocus();
    await expect(last).toBeChecked();

    // Tab leaves the group from the chosen card; Shift+Tab comes back to it.
    await userEvent.tab();
    await expect(last).not.toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(last).toHaveFocus();
  },
};

export const WithError: Story = {
  args: {
    id: 'discapacidad',
    required: true,
    hint: undefined,
    error: 'Selecciona una opción',
  },
  play: async ({ args, canvas, userEvent }) => {
    const group = canvas.getByRole('radiogroup', {
      name: '¿Tiene el deudor alguna discapacidad reconocida? (obligatorio)',
    });
    await expect(group).toHaveAttribute('id', 'discapacidad');
    await expect(group).toHaveAttribute('aria-invalid', 'true');
    await expect(group).toHaveAttribute('aria-required', 'true');
    await expect(group).toHaveAccessibleDescription('Error: Selecciona una opción');
    for (const radio of canvas.getAllByRole('radio')) await expect(radio).not.toBeChecked();

    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'No' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('radio', { name: 'No' })).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('No');
  },
};

export const WithDescriptions: Story = {
  args: {
    name: 'metodoPago',
    legend: '¿Cómo quieres pagar?',
    hint: undefined,
    layout: 'grid',
    children: [
      <RadioCard
        key="transferencia"
        value="transferencia"
        description="Te enviamos los datos de la cuenta por correo electrónico."
      >
        Transferencia bancaria
      </RadioCard>,
      <RadioCard
        key="tarjeta"
        value="tarjeta"
        description="Pago seguro con tarjeta de débito o de crédito."
      >
        Tarjeta
      </RadioCard>,
    ],
  },
  play: async ({ args, canvas, userEvent }) => {
    const card = canvas.getByRole('radio', { name: 'Tarjeta' });
    await expect(card).toHaveAccessibleDescription(
      'Pago seguro con tarjeta de débito o de crédito.',
    );
    await userEvent.click(canvas.getByText('Pago seguro con tarjeta de débito o de crédito.'));
    await expect(card).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('tarjeta');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'Transferencia bancaria' })).toBeChecked();
  },
};

export const OnMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    defaultValue: 'Sí, discapacidad intelectual o enfermedad mental igual o superior al 33%',
    legendIsPageHeading: true,
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      '¿Tiene el deudor alguna discapacidad reconocida?',
    );
    await expect(
      canvas.getByRole('radio', {
        name: 'Sí, discapacidad intelectual o enfermedad mental igual o superior al 33%',
      }),
    ).toBeChecked();
    // The card is the radio's label: all of it is the target to tap.
    for (const radio of canvas.getAllByRole('radio')) {
      const card = radio.closest('label');
      await expect(card).not.toBeNull();
      await expect(card?.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    }
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const Disabled: Story = {
  args: { defaultValue: 'Sí, superior al 65%', disabled: true },
  play: async ({ canvas, userEvent }) => {
    for (const radio of canvas.getAllByRole('radio')) await expect(radio).toBeDisabled();
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'Sí, superior al 65%' })).not.toHaveFocus();
  },
};
