import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';

import { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs';

const categories = [
  {
    value: 'personal',
    label: 'Documentación Personal',
    documents: ['DNI o NIE', 'Certificado de empadronamiento', 'Libro de familia'],
  },
  {
    value: 'laboral',
    label: 'Documentación Laboral',
    documents: ['Tres últimas nóminas', 'Certificado de prestaciones', 'Vida laboral'],
  },
  {
    value: 'hipoteca',
    label: 'Documentación Hipoteca',
    documents: ['Escritura de la hipoteca', 'Último recibo de la cuota'],
  },
] as const;

const meta = {
  title: 'Navegación/Tabs',
  component: Tabs,
  args: { defaultValue: 'personal', variant: 'underline' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['underline', 'pills'] },
    activationMode: { control: 'inline-radio', options: ['automatic', 'manual'] },
  },
  render: (args) => (
    <Tabs {...args} className="max-w-3xl">
      <TabsList aria-label="Categorías de documentos">
        {categories.map(({ value, label }) => (
          <TabsTrigger key={value} value={value}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {categories.map(({ value, documents }) => (
        <TabsContent key={value} value={value}>
          <ul className="list-disc ps-6 leading-relaxed">
            {documents.map((document) => (
              <li key={document}>{document}</li>
            ))}
          </ul>
        </TabsContent>
      ))}
    </Tabs>
  ),
  parameters: {
    docs: {
      description: {
        component: `
Panels of one screen of which one shows at a time: the document categories, the review wizard's data
sections. Built from \`Tabs\`, \`TabsList\`, \`TabsTrigger\` and \`TabsContent\`: the kit's own implementation of
the WAI-ARIA tabs pattern, on native buttons, with no library behind it. For one tab per holder use
\`HolderTabs\`.

**Usage**
- Use tabs for parallel content the person may look at in any order; for a sequence use the \`Stepper\`.
- Give the list a name with \`aria-label\` ("Categorías de documentos") and keep tab texts short.
- \`variant="underline"\` for sections of a page, \`"pills"\` for a compact switch inside a card.
- \`activationMode="manual"\` when showing a panel is slow or has side effects: arrows then move focus and
  Enter or Space selects.
- Control it with \`value\` / \`onValueChange\` when something else also changes the tab (a "Siguiente"
  button that walks through the tabs); uncontrolled, \`defaultValue\` is the tab selected first.
- Only the selected panel is rendered: what a person types in a panel is lost when they change tab unless
  its state lives above the \`Tabs\` (as the review wizard's answers do).

**Accessibility criteria**
- WAI-ARIA tabs pattern: \`tablist\` (horizontal) > \`tab\` buttons with \`aria-selected\` and \`aria-controls\`
  pointing at their panel; each panel is a \`tabpanel\` named by its tab (\`aria-labelledby\`) and focusable.
- Keyboard: only the selected tab is in the Tab order (roving tabindex), so Tab enters the list on it and
  leaves it to the panel; ← and → move to the previous and next tab (wrapping), Home and End go to the first
  and last; disabled tabs are skipped. With automatic activation the tab reached is selected at once.
- The selected tab is marked by a 4 px bar (or a bordered surface in \`pills\`) and darker text, not by
  colour alone. Focus is a 3 px outline.
- Tabs are at least 44 px high; on narrow screens the list wraps onto several lines instead of scrolling.
`,
      },
    },
  },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { onValueChange: fn() },
  play: async ({ args, canvas, userEvent }) => {
    const personal = canvas.getByRole('tab', { name: 'Documentación Personal' });
    const laboral = canvas.getByRole('tab', { name: 'Documentación Laboral' });
    const hipoteca = canvas.getByRole('tab', { name: 'Documentación Hipoteca' });
    const list = canvas.getByRole('tablist', { name: 'Categorías de documentos' });
    await expect(list).toBeVisible();
    await expect(list).toHaveAttribute('aria-orientation', 'horizontal');
    const panel = canvas.getByRole('tabpanel', { name: 'Documentación Personal' });
    await expect(panel).toHaveTextContent('DNI o NIE');
    // Each tab controls its panel and the panel is named by its tab.
    await expect(personal).toHaveAttribute('aria-controls', panel.id);
    await expect(panel).toHaveAttribute('aria-labelledby', personal.id);
    await expect(personal).toHaveAttribute('data-state', 'active');
    await expect(laboral).toHaveAttribute('data-state', 'inactive');
    // Only the selected panel is rendered, and only the selected tab is in the Tab order.
    await expect(canvas.getAllByRole('tabpanel')).toHaveLength(1);
    await expect(canvas.queryByText('Tres últimas nóminas')).not.toBeInTheDocument();
    await expect(personal).toHaveAttribute('tabindex', '0');
    await expect(laboral).toHaveAttribute('tabindex', '-1');
    await expect(hipoteca).toHaveAttribute('tabindex', '-1');

    await userEvent.tab();
    await expect(personal).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(laboral).toHaveFocus();
    await expect(laboral).toHaveAttribute('aria-selected', 'true');
    await expect(laboral).toHaveAttribute('tabindex', '0');
    await expect(personal).toHaveAttribute('aria-selected', 'false');
    await expect(personal).toHaveAttribute('tabindex', '-1');
    await expect(canvas.getAllByRole('tabpanel')).toHaveLength(1);
    await expect(canvas.getByRole('tabpanel', { name: 'Documentación Laboral' })).toHaveTextContent(
      'Tres últimas nóminas',
    );
    await expect(args.onValueChange).toHaveBeenLastCalledWith('laboral');

    await userEvent.keyboard('{End}');
    await expect(hipoteca).toHaveFocus();
    await expect(hipoteca).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    await expect(personal).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(hipoteca).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(personal).toHaveAttribute('aria-selected', 'true');

    // Tab leaves the list for the panel, so its content is one key press away.
    await userEvent.tab();
    await expect(canvas.getByRole('tabpanel', { name: 'Documentación Personal' })).toHaveFocus();
    // And Shift+Tab comes back to the selected tab.
    await userEvent.tab({ shift: true });
    await expect(personal).toHaveFocus();

    // A click selects too; clicking the selected tab again reports nothing.
    await userEvent.click(hipoteca);
    await expect(hipoteca).toHaveAttribute('aria-selected', 'true');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('hipoteca');
    await expect(
      canvas.getByRole('tabpanel', { name: 'Documentación Hipoteca' }),
    ).toHaveTextContent('Escritura de la hipoteca');
    // Once per change: five by keyboard, one by this click; focus and click do not report twice.
    await expect(args.onValueChange).toHaveBeenCalledTimes(6);
    await userEvent.click(hipoteca);
    await expect(args.onValueChange).toHaveBeenCalledTimes(6);

    // Back to the first tab with its panel focused, the state the screenshot shows.
    await userEvent.click(personal);
    await userEvent.tab();
    await expect(canvas.getByRole('tabpanel', { name: 'Documentación Personal' })).toHaveFocus();
  },
};

export const ManualActivationPills: Story = {
  args: { variant: 'pills', activationMode: 'manual', defaultValue: 'personales' },
  render: (args) => (
    <Tabs {...args} className="max-w-3xl">
      <TabsList aria-label="Revisión de datos">
        <TabsTrigger value="personales">Datos Personales</TabsTrigger>
        <TabsTrigger value="hipoteca" disabled>
          Datos Hipoteca
        </TabsTrigger>
        <TabsTrigger value="economicos">Datos Económicos</TabsTrigger>
      </TabsList>
      <TabsContent value="personales">
        <p>Nombre, apellidos, DNI y estado civil de cada titular.</p>
      </TabsContent>
      <TabsContent value="hipoteca">
        <p>Capital pendiente, plazo y tipo de interés.</p>
      </TabsContent>
      <TabsContent value="economicos">
        <p>Ingresos brutos y netos de la unidad familiar.</p>
      </TabsContent>
    </Tabs>
  ),
  play: async ({ canvas, userEvent }) => {
    const personales = canvas.getByRole('tab', { name: 'Datos Personales' });
    const hipoteca = canvas.getByRole('tab', { name: 'Datos Hipoteca' });
    const economicos = canvas.getByRole('tab', { name: 'Datos Económicos' });
    await expect(hipoteca).toBeDisabled();
    await expect(hipoteca).toHaveAttribute('data-disabled');
    // Clicking the disabled tab selects nothing.
    await userEvent.click(hipoteca);
    await expect(hipoteca).toHaveAttribute('aria-selected', 'false');
    await expect(canvas.getByRole('tabpanel', { name: 'Datos Personales' })).toBeVisible();

    await userEvent.tab();
    await expect(personales).toHaveFocus();
    // The disabled tab is skipped, and in manual mode moving does not select.
    await userEvent.keyboard('{ArrowRight}');
    await expect(economicos).toHaveFocus();
    await expect(economicos).toHaveAttribute('aria-selected', 'false');
    await expect(canvas.getByRole('tabpanel', { name: 'Datos Personales' })).toBeVisible();

    await userEvent.keyboard('{Enter}');
    await expect(economicos).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Datos Económicos' })).toHaveTextContent(
      'Ingresos brutos y netos de la unidad familiar.',
    );
    await userEvent.keyboard('{Home}');
    await userEvent.keyboard(' ');
    await expect(personales).toHaveAttribute('aria-selected', 'true');
    // ← wraps to the last tab, again past the disabled one.
    await userEvent.keyboard('{ArrowLeft}');
    await expect(economicos).toHaveFocus();
    await expect(personales).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    await expect(personales).toHaveFocus();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { defaultValue: 'hipoteca' },
  play: async ({ canvas, canvasElement }) => {
    const list = canvas.getByRole('tablist', { name: 'Categorías de documentos' });
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    for (const tab of canvas.getAllByRole('tab')) {
      await expect(tab.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    }
  },
};

export const RefundTheme: Story = {
  globals: { theme: 'refund' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveClass('theme-refund');
    await expect(canvas.getByRole('tab', { name: 'Documentación Personal' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};
