import { holderLabel } from '@cbp/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';

import { withWidth } from '../../../storybook/decorators';
import { HolderTabs } from './HolderTabs';

function HolderDocuments(holder: string) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border-2 border-border bg-surface p-4 text-surface-foreground">
      <p className="font-semibold">Documentos de {holderLabel(holder)}</p>
      <ul className="list-disc ps-6 leading-relaxed">
        <li>DNI o NIE</li>
        <li>Tres últimas nóminas</li>
        <li>Declaración de la renta</li>
      </ul>
    </div>
  );
}

const meta = {
  title: 'Navegación/HolderTabs',
  component: HolderTabs,
  args: { holders: ['1', '2', 'miembro-1'], children: HolderDocuments, onValueChange: fn() },
  decorators: [withWidth('max-w-3xl')],
  parameters: {
    docs: {
      description: {
        component: `
One tab per holder and household member on the documents screen. Tab texts come from core's
\`holderLabel\`: key \`'1'\` is "Titular 1", \`'miembro-1'\` is "Miembro 1". Below the \`sm\` breakpoint (640 px)
the tab list gives way to "Anterior" / "Siguiente" buttons around the current holder's name.

**Usage**
- Pass the checklist's holder keys in order as \`holders\` and render each holder's panel with the
  \`children\` function: \`{(holder) => <DocumentRows holder={holder} />}\`.
- Uncontrolled it starts at the first holder (or \`defaultValue\`); control it with \`value\` /
  \`onValueChange\`. If the selected key disappears (fewer holders), the first holder is shown.
- \`getLabel\`, \`listLabel\`, \`previousLabel\`, \`nextLabel\` and \`formatPosition\` change the texts.

**Accessibility criteria**
- Wide screens: the tabs pattern (\`tablist\` named "Titulares y miembros de la unidad familiar"); ← → move
  between holders and show their documents, Home and End go to the first and last.
- Narrow screens: "Anterior" is unavailable at the first holder and "Siguiente" at the last, marked with
  \`aria-disabled\` so the button just pressed keeps focus. The current holder and position ("Titular 2
  (2 de 3)") is a status region, announced when it changes.
- Each panel is a \`tabpanel\` named after its holder on every screen size.
- Buttons and tabs are at least 44 px high; nothing scrolls sideways at 375 px.
`,
      },
    },
  },
} satisfies Meta<typeof HolderTabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const list = canvas.getByRole('tablist', {
      name: 'Titulares y miembros de la unidad familiar',
    });
    await expect(list).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();
    const first = canvas.getByRole('tab', { name: 'Titular 1' });
    const second = canvas.getByRole('tab', { name: 'Titular 2' });
    const member = canvas.getByRole('tab', { name: 'Miembro 1' });
    await expect(first).toHaveAttribute('aria-selected', 'true');

    await userEvent.tab();
    await expect(first).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Titular 2' })).toHaveTextContent(
      'Documentos de Titular 2',
    );
    await expect(args.onValueChange).toHaveBeenLastCalledWith('2');
    await userEvent.keyboard('{End}');
    await expect(member).toHaveFocus();
    await expect(canvas.getByRole('tabpanel', { name: 'Miembro 1' })).toBeVisible();
    await userEvent.keyboard('{Home}');
    await expect(first).toHaveAttribute('aria-selected', 'true');
  },
};

export const MobilePrevNext: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expect(canvas.queryByRole('tablist')).not.toBeInTheDocument();
    const previous = canvas.getByRole('button', { name: 'Anterior' });
    const next = canvas.getByRole('button', { name: 'Siguiente' });
    const position = canvas.getByRole('status');
    await expect(position).toHaveTextContent('Titular 1 (1 de 3)');
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Titular 1' })).toBeVisible();

    // "Anterior" does nothing at the first holder.
    await userEvent.tab();
    await expect(previous).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(position).toHaveTextContent('Titular 1 (1 de 3)');
    await expect(args.onValueChange).not.toHaveBeenCalled();

    await userEvent.tab();
    await expect(next).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(position).toHaveTextContent('Titular 2 (2 de 3)');
    await expect(previous).not.toHaveAttribute('aria-disabled');
    await expect(canvas.getByRole('tabpanel', { name: 'Titular 2' })).toHaveTextContent(
      'Documentos de Titular 2',
    );

    await userEvent.keyboard(' ');
    await expect(position).toHaveTextContent('Miembro 1 (3 de 3)');
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await expect(next).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(position).toHaveTextContent('Miembro 1 (3 de 3)');
    await expect(args.onValueChange).toHaveBeenCalledTimes(2);

    await userEvent.click(previous);
    await expect(position).toHaveTextContent('Titular 2 (2 de 3)');
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    await expect(previous.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
  },
};

export const ManyHoldersWrap: Story = {
  args: {
    holders: ['1', '2', 'miembro-1', 'miembro-2', 'miembro-3', 'miembro-4', 'miembro-5'],
    defaultValue: 'miembro-2',
  },
  play: async ({ canvas, userEvent }) => {
    const list = canvas.getByRole('tablist');
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
    await expect(canvas.getByRole('tab', { name: 'Miembro 2' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: 'Miembro 2' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('tabpanel', { name: 'Miembro 1' })).toBeVisible();
  },
};
