import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { Timeline, type TimelineEntry } from './Timeline';

const history: TimelineEntry[] = [
  {
    fecha: '2026-11-02T09:15:00Z',
    accion: 'Alta del expediente',
    descripcion: 'Hemos recibido tu pago y abierto tu expediente.',
    estado: 'completado',
  },
  {
    fecha: '2026-11-10T16:40:00Z',
    accion: 'Documentación recibida',
    descripcion: 'Has subido los nueve documentos que necesitamos.',
    estado: 'completado',
  },
  {
    fecha: '2026-11-18',
    accion: 'Revisión de documentación',
    descripcion: 'Nuestro equipo jurídico está comprobando que todo esté completo y legible.',
    estado: 'en-progreso',
  },
  {
    fecha: '2026-11-25',
    accion: 'Envío al banco',
    descripcion:
      'Presentaremos la solicitud a tu banco. Tiene un plazo máximo de un mes para responder.',
    estado: 'pendiente',
  },
];

const meta = {
  title: 'Componentes/Timeline',
  component: Timeline,
  args: { entries: history, 'aria-label': 'Historial del caso' },
  argTypes: { entries: { control: 'object' }, emptyText: { control: 'text' } },
  parameters: {
    docs: {
      description: {
        component: `
The history of the case on "Estado del Caso": one step per entry with its date, action, description and state.
A completed step has a green check, the step in progress a blue clock, any other a grey plus.

**Usage**
- Pass the entries as the API sends them (\`fecha\`, \`accion\`, \`descripcion\`, \`estado\`), in the order they
  should be read (oldest first). Dates are shown as the calendar day in Spain ("18/11/2026").
- Name the list with \`aria-label\` ("Historial del caso") or \`aria-labelledby\` pointing to the section heading.
- With no entries it shows \`emptyText\` ("Todavía no hay movimientos en tu caso.").

**Accessibility criteria**
- An ordered list (\`<ol>\`): screen readers announce "lista, 4 elementos" and each step's position.
- The state is never told by the icon or its colour alone: each step carries its state in visually hidden text
  ("(Completado)", "(En progreso)", "(Pendiente)"); the icons and the connecting line are hidden.
- Dates are \`<time datetime>\` elements.
- Icons are white on the success or info token (at least 4.5:1) and grey on muted for the rest.
- At 375 px long actions and descriptions wrap beside the marker; nothing is truncated.
`,
      },
    },
  },
} satisfies Meta<typeof Timeline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CaseHistory: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Historial del caso' });
    await expect(list.tagName).toBe('OL');
    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(4);
    await expect(items[0]).toHaveTextContent(
      'Alta del expediente02/11/2026(Completado)Hemos recibido tu pago y abierto tu expediente.',
    );
    await expect(items[2]).toHaveTextContent('(En progreso)');
    await expect(items[2]).toHaveAttribute('data-state', 'en-progreso');
    await expect(items[3]).toHaveTextContent('(Pendiente)');
    await expect(items[3]).toHaveAttribute('data-state', 'other');
    await expect(canvas.getByText('18/11/2026')).toHaveAttribute('datetime', '2026-11-18');
  },
};

export const UnknownState: Story = {
  args: {
    entries: [
      {
        fecha: '2026-12-01',
        accion: 'Respuesta del banco',
        descripcion: 'Esperamos la respuesta de tu banco.',
        estado: 'en-espera',
      },
    ],
  },
  parameters: {
    docs: {
      description: {
        story: 'A state without its own icon is drawn as a grey plus and read as written.',
      },
    },
  },
  play: async ({ canvas }) => {
    const item = canvas.getByRole('listitem');
    await expect(item).toHaveAttribute('data-state', 'other');
    await expect(item).toHaveTextContent('(En espera)');
  },
};

export const Empty: Story = {
  args: { entries: [] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.getByText('Todavía no hay movimientos en tu caso.')).toBeVisible();
  },
};

export const LongTextOnMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    entries: [
      {
        fecha: '2026-11-18T23:30:00Z',
        accion: 'Solicitud de documentación complementaria al Registro de la Propiedad',
        descripcion:
          'Hemos pedido una nota simple actualizada de la vivienda habitual porque la que adjuntaste tenía más de tres meses de antigüedad.',
        estado: 'en-progreso',
      },
      ...history.slice(3),
    ],
  },
  play: async ({ canvas, canvasElement }) => {
    // 23:30 UTC on the 18th is already the 19th in Madrid.
    await expect(canvas.getByText('19/11/2026')).toBeVisible();
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const RefundTheme: Story = {
  globals: { theme: 'refund' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveClass('theme-refund');
    await expect(canvas.getByRole('list', { name: 'Historial del caso' })).toBeVisible();
  },
};
