import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';

import { clientTask, renderRouterLink } from '../../../storybook/fixtures';
import { withWidth } from '../../../storybook/decorators';
import { TaskList } from './TaskList';

const meta = {
  title: 'Estructura/TaskList',
  component: TaskList,
  args: {
    'aria-label': 'Tus pasos',
    items: [
      clientTask('calcular-cuota', 'Calcular Cuota', 'completed', '/app'),
      clientTask(
        'obtener-documentos',
        'Obtener Documentos',
        'in-progress',
        '/app/obtener-documentos',
      ),
      clientTask('seleccionar-plan', 'Seleccionar Plan', 'not-started', '/app/honorarios'),
      clientTask('revisar-expediente', 'Revisar Expediente', 'pending'),
    ],
    currentHref: '/app/obtener-documentos',
    renderLink: renderRouterLink,
    onNavigate: fn(),
  },
  argTypes: { renderLink: { control: false } },
  decorators: [withWidth('max-w-[17rem]')],
  parameters: {
    docs: {
      description: {
        component: `
The client's steps with the state of each (GOV.UK task list). It is the private area's side menu.

**Usage**
- \`items\`: \`{ id, label, href?, status: { label, tone } }\` in order. Give \`href\` only to a step whose screen
  exists; without it the step is plain text (a step that cannot be started yet, "Pendiente").
- \`tone\`: \`not-started\`, \`in-progress\`, \`completed\` or \`pending\`; the app maps its own states to them.
- \`onNavigate\` runs when a link is followed (the app shell closes its drawer with it).

**Accessibility criteria**
- The state is always in words, never colour alone; each link is described by its state (\`aria-describedby\`),
  so a screen reader says "Obtener Documentos, enlace, En curso".
- Steps that cannot be opened are not links and not Tab stops.
- The current page's link has \`aria-current="page"\` and a bold name with a bar on the left.
- Every row is at least 44 px high and the whole row of a link can be tapped.
`,
      },
    },
  },
} satisfies Meta<typeof TaskList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const States: Story = {
  play: async ({ canvas, args }) => {
    const links = canvas.getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual([
      'Calcular Cuota',
      'Obtener Documentos',
      'Seleccionar Plan',
    ]);
    const current = canvas.getByRole('link', { name: 'Obtener Documentos' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(current).toHaveAccessibleDescription('En curso');
    await expect(canvas.getByRole('link', { name: 'Calcular Cuota' })).toHaveAccessibleDescription(
      'Completado',
    );
    // A step that cannot be opened yet is shown, with its state, but is not a link.
    await expect(canvas.queryByRole('link', { name: 'Revisar Expediente' })).toBeNull();
    await expect(canvas.getByText('Revisar Expediente')).toBeVisible();
    await expect(canvas.getByText('Pendiente')).toBeVisible();

    await userEvent.click(canvas.getByRole('link', { name: 'Seleccionar Plan' }));
    await expect(args.onNavigate).toHaveBeenCalledTimes(1);
  },
};

export const KeyboardSkipsPendingSteps: Story = {
  args: {
    items: [
      clientTask('calcular-cuota', 'Calcular Cuota', 'not-started', '/app'),
      clientTask('obtener-documentos', 'Obtener Documentos', 'pending'),
      clientTask('estado-caso', 'Estado del Caso', 'pending'),
    ],
    currentHref: '/app',
  },
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Calcular Cuota' })).toHaveFocus();
    await userEvent.tab();
    // Nothing else in the list takes the focus.
    await expect(document.activeElement?.closest('[data-slot="task-list"]')).toBeNull();
  },
};
