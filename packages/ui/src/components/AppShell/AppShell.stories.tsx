import type { Meta, StoryObj } from '@storybook/react-vite';
import ActivityDrawing from 'lucide/dist/esm/icons/activity.mjs';
import CalculatorDrawing from 'lucide/dist/esm/icons/calculator.mjs';
import ClipboardCheckDrawing from 'lucide/dist/esm/icons/clipboard-check.mjs';
import CreditCardDrawing from 'lucide/dist/esm/icons/credit-card.mjs';
import FileTextDrawing from 'lucide/dist/esm/icons/file-text.mjs';
import SendDrawing from 'lucide/dist/esm/icons/send.mjs';
import { expect, fn, within } from 'storybook/test';

import { clientTask, firmBrand, renderRouterLink } from '../../../storybook/fixtures';
import { AppShell } from './AppShell';
import { icon } from '../../lib/icon';

const Activity = icon(ActivityDrawing);
const Calculator = icon(CalculatorDrawing);
const ClipboardCheck = icon(ClipboardCheckDrawing);
const CreditCard = icon(CreditCardDrawing);
const FileText = icon(FileTextDrawing);
const Send = icon(SendDrawing);

const meta = {
  title: 'Estructura/AppShell',
  component: AppShell,
  args: {
    brand: firmBrand,
    items: [
      { href: '/app', label: 'Calcular Cuota', icon: <Calculator /> },
      { href: '/app/obtener-documentos', label: 'Obtener Documentos', icon: <FileText /> },
      { href: '/app/honorarios', label: 'Seleccionar Plan', icon: <CreditCard /> },
      { href: '/app/revisar-expediente', label: 'Revisar Expediente', icon: <ClipboardCheck /> },
      { href: '/app/enviar-expediente', label: 'Enviar Expediente', icon: <Send /> },
      { href: '/app/estado-caso', label: 'Estado del Caso', icon: <Activity /> },
    ],
    currentHref: '/app/obtener-documentos',
    onSignOut: fn(),
    renderLink: renderRouterLink,
    // A fixed height instead of the full screen, so the pictures stay the same size.
    fillScreen: false,
    className: 'lg:min-h-[40rem]',
    children: (
      <div className="flex max-w-2xl flex-col gap-4">
        <h1 className="text-3xl font-bold">Obtener Documentos</h1>
        <p>
          Con tu Cl@ve PIN podemos obtener por ti la declaración de la Renta y los certificados de
          imputaciones de 2020 a 2023.
        </p>
      </div>
    ),
  },
  argTypes: {
    brand: { control: false },
    children: { control: false },
    renderLink: { control: false },
    currentHref: { control: 'text' },
  },
  parameters: {
    docs: {
      description: {
        component: `
The client area's layout (every /app route): a side menu with the area's sections and a 'Cerrar sesión' action,
and the page inside \`<main>\`. From 1024 px the menu is a column on the left that stays in view; below, it folds
behind a burger button in a top bar. The public header and footer are not shown in the client area.

**Usage**
- \`items\`: the spec's menu, in order: Calcular Cuota (/app), Obtener Documentos, Seleccionar Plan, Revisar
  Expediente, Enviar Expediente, Estado del Caso; each \`{ href, label, icon? }\`, rendered by the app's
  \`renderLink\` (see **Estructura/SiteLink**).
- \`currentHref\`: the current route; pass '/app/obtener-documentos' also for its alias /app/documentos, and no
  item for the payment result pages.
- \`onSignOut\`: end the session and go to /login. The label is 'Cerrar sesión'.
- The page goes in \`children\`, inside \`<main id="contenido-principal">\`; start it with its \`<h1>\`.

**Accessibility criteria**
- A skip link 'Saltar al contenido principal' is the first Tab stop; the menu is a \`<nav>\` named 'Área de
  cliente'; the page is the \`<main>\` landmark.
- The current section has \`aria-current="page"\`, bold text, a tinted background and a bar on its edge, not
  colour alone.
- 'Cerrar sesión' is a button (it acts, it does not go to a page), 44 px high.
- Burger (below 1024 px): a button with \`aria-expanded\` and \`aria-controls\`, named 'Abrir menú' or 'Cerrar menú';
  Escape closes the menu and returns focus to the button; choosing a section closes it.
- Icons are hidden from screen readers; every target is 44 px high; focus is a 3 px outline.
`,
      },
    },
  },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const nav = canvas.getByRole('navigation', { name: 'Área de cliente' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual([
      'Calcular Cuota',
      'Obtener Documentos',
      'Seleccionar Plan',
      'Revisar Expediente',
      'Enviar Expediente',
      'Estado del Caso',
    ]);
    await expect(within(nav).getByRole('link', { name: 'Obtener Documentos' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(nav).getByRole('link', { name: 'Calcular Cuota' })).not.toHaveAttribute(
      'aria-current',
    );
    await expect(canvas.getByRole('main')).toHaveTextContent(/^Obtener Documentos/);
    await expect(canvas.queryByRole('button', { name: 'Abrir menú' })).not.toBeInTheDocument();

    const signOut = canvas.getByRole('button', { name: 'Cerrar sesión' });
    signOut.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  parameters: {
    docs: {
      description: {
        story:
          'The menu folds behind the burger: Enter opens it, Escape closes it and focus goes back to the button; choosing a section closes it.',
      },
    },
  },
  play: async ({ canvas, userEvent }) => {
    await expect(
      canvas.queryByRole('navigation', { name: 'Área de cliente' }),
    ).not.toBeInTheDocument();
    const burger = canvas.getByRole('button', { name: 'Abrir menú' });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');

    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Saltar al contenido principal' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    await expect(burger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(burger).toHaveAccessibleName('Cerrar menú');
    const nav = canvas.getByRole('navigation', { name: 'Área de cliente' });
    await expect(
      document.getElementById(burger.getAttribute('aria-controls') ?? ''),
    ).toContainElement(nav);

    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Obtener Documentos' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(burger).toHaveFocus();

    await userEvent.keyboard(' ');
    await userEvent.click(canvas.getByRole('link', { name: 'Estado del Caso' }));
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
  },
};

export const MobileMenuOpen: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Abrir menú' }));
    const nav = canvas.getByRole('navigation', { name: 'Área de cliente' });
    await expect(within(nav).getAllByRole('link')).toHaveLength(6);
    const main = canvas.getByRole('main');
    await expect(main.getBoundingClientRect().top).toBeGreaterThan(
      canvas.getByRole('button', { name: 'Cerrar sesión' }).getBoundingClientRect().bottom,
    );
    await expect(args.onSignOut).not.toHaveBeenCalled();
  },
};

export const TaskListMenu: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    items: [],
    tasks: [
      clientTask('calcular-cuota', 'Calcular Cuota', 'in-progress', '/app'),
      clientTask('obtener-documentos', 'Obtener Documentos', 'pending'),
      clientTask('seleccionar-plan', 'Seleccionar Plan', 'pending'),
      clientTask('revisar-expediente', 'Revisar Expediente', 'pending'),
      clientTask('enviar-expediente', 'Enviar Expediente', 'pending'),
      clientTask('estado-caso', 'Estado del Caso', 'pending'),
    ],
    currentHref: '/app',
  },
  parameters: {
    docs: {
      description: {
        story:
          "The menu as the client's task list (`tasks`): each step with its state; steps whose screen does not exist yet are shown but are not links. On a phone it is a drawer; following a link closes it.",
      },
    },
  },
  play: async ({ canvas, userEvent }) => {
    const burger = canvas.getByRole('button', { name: 'Abrir menú' });
    burger.focus();
    await userEvent.keyboard('{Enter}');
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    const nav = canvas.getByRole('navigation', { name: 'Área de cliente' });
    await expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Calcular Cuota']);
    await expect(within(nav).getByText('Estado del Caso')).toBeVisible();
    await expect(within(nav).getAllByText('Pendiente')).toHaveLength(5);

    await userEvent.tab();
    const link = within(nav).getByRole('link', { name: 'Calcular Cuota' });
    await expect(link).toHaveFocus();
    await expect(link).toHaveAccessibleDescription('En curso');
    await expect(link).toHaveAttribute('aria-current', 'page');
    await userEvent.tab();
    // The pending steps are skipped: the next stop is 'Cerrar sesión'.
    await expect(canvas.getByRole('button', { name: 'Cerrar sesión' })).toHaveFocus();

    await userEvent.click(link);
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    // Open again for the picture: the task list as a phone shows it.
    await userEvent.click(burger);
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
  },
};
