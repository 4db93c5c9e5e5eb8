import { RULES } from '@cbp/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { expectTooltipOnFocus } from '../../../storybook/play';
import { Field } from '../Field';
import { TextInput } from '../TextInput';
import { HelpTip } from './HelpTip';

const holdersHelp = 'Los titulares son los deudores principales de la hipoteca, no los avalistas.';

const meta = {
  title: 'Componentes/HelpTip',
  component: HelpTip,
  args: { topic: 'titulares', tapDuration: RULES.timings.tooltipMs, children: holdersHelp },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md'] } },
  render: (args) => (
    <div className="flex max-w-md flex-col gap-2 pt-20">
      <div className="flex items-center gap-1">
        <span id="holders-question" className="font-semibold">
          ¿Cuántos titulares tiene la hipoteca?
        </span>
        <HelpTip {...args} />
      </div>
      <TextInput aria-labelledby="holders-question" inputMode="numeric" className="max-w-24" />
    </div>
  ),
  parameters: {
    screenshot: { scope: 'page' },
    docs: {
      description: {
        component: `
A "?" button next to a question that shows a short help text: who counts as a holder, who belongs to the
family unit. It opens on hover, on keyboard focus and on tap or click, so people on touch screens reach it.

**Usage**
- \`topic\` names the button "Ayuda: {topic}" ("Ayuda: titulares"); the help text is the child. Keep it to
  one or two sentences; longer guidance belongs in the field's hint.
- Put it right after the question or label, outside the \`<label>\` element.
- After a tap or click it stays for \`tapDuration\` (\`RULES.timings.tooltipMs\`, 3 s) even when the finger
  lifts; tapping it again, tapping elsewhere or Escape close it sooner. Hover and focus keep it open as long
  as they last.

**Accessibility criteria**
- A real \`<button>\` named "Ayuda: titulares", 32 px (24 px in \`sm\`), reachable with Tab.
- Focus opens the help and makes it the button's description, so screen readers read it after the name;
  Escape closes it and focus stays.
- Opening on tap covers touch screens, where there is no hover (WCAG 1.4.13 content on hover or focus:
  dismissable, hoverable, persistent).
- The icon is hidden from screen readers; the text is \`background\` on \`foreground\`.
`,
      },
    },
  },
} satisfies Meta<typeof HelpTip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OnFocus: Story = {
  play: async (context) => {
    await expectTooltipOnFocus(context, 'Ayuda: titulares', async (button, tooltip) => {
      await expect(tooltip).toHaveTextContent(holdersHelp);
      await expect(button).toHaveAccessibleDescription(holdersHelp);
    });
    const { userEvent } = context;

    // Enter and Space open it too, as a click.
    await userEvent.keyboard('{Enter}');
    await expect(await within(document.body).findByRole('tooltip')).toBeInTheDocument();
    await userEvent.tab();
    await expect(within(document.body).queryByRole('tooltip')).not.toBeInTheDocument();
    await userEvent.tab({ shift: true });
  },
};

export const OnTap: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Ayuda: titulares' });
    await userEvent.pointer([
      { keys: '[TouchA>]', target: button },
      { keys: '[/TouchA]', target: button },
    ]);
    await expect(await within(document.body).findByRole('tooltip')).toHaveTextContent(holdersHelp);

    // A second tap closes it.
    await userEvent.pointer([
      { keys: '[TouchA>]', target: button },
      { keys: '[/TouchA]', target: button },
    ]);
    await expect(within(document.body).queryByRole('tooltip')).not.toBeInTheDocument();

    // So does a tap elsewhere.
    await userEvent.pointer([
      { keys: '[TouchA>]', target: button },
      { keys: '[/TouchA]', target: button },
    ]);
    await within(document.body).findByRole('tooltip');
    await userEvent.pointer([
      { keys: '[TouchA>]', target: document.body },
      { keys: '[/TouchA]', target: document.body },
    ]);
    await expect(within(document.body).queryByRole('tooltip')).not.toBeInTheDocument();
  },
};

export const InAField: Story = {
  args: {
    topic: 'miembros de la unidad familiar',
    size: 'sm',
    children:
      'Forman la unidad familiar los titulares, sus cónyuges o parejas de hecho inscritas y los hijos mayores de edad empadronados en la vivienda.',
  },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: (args) => (
    <div className="flex items-start gap-2 pt-28">
      <Field label="Miembros de la unidad familiar" hint="Incluye a los titulares.">
        <TextInput inputMode="numeric" className="max-w-24" />
      </Field>
      <HelpTip {...args} />
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Ayuda: miembros de la unidad familiar' });
    await userEvent.hover(button);
    const tooltip = await within(document.body).findByRole('tooltip');
    await expect(tooltip).toHaveTextContent(/hijos mayores de edad/);
    // The help stays inside a 375 px screen.
    const content = document.querySelector('[data-slot="help-tip-content"]');
    const box = content?.getBoundingClientRect();
    await expect(box?.left).toBeGreaterThanOrEqual(0);
    await expect(box?.right).toBeLessThanOrEqual(window.innerWidth);
  },
};
