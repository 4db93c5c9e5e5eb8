import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';

import { Button } from '../Button';
import { CookieSettings, CookieSettingsDialog } from './CookieSettings';

const meta = {
  title: 'Componentes/CookieSettings',
  component: CookieSettings,
  args: { onSave: fn() },
  argTypes: {
    categories: { control: false },
    defaultPreferences: { control: 'object' },
    legend: { control: 'text' },
  },
  render: (args) => (
    <div className="max-w-xl">
      <CookieSettings {...args} />
    </div>
  ),
  parameters: {
    docs: {
      description: {
        component: `
The second layer of cookie consent: one checkbox per category and 'Guardar preferencias'. \`CookieSettings\` is the
form, for the cookies policy page; \`CookieSettingsDialog\` puts it in a modal dialog, for 'Configurar' in the
banner and a 'Configuración de cookies' link in the footer.

**Usage**
- \`categories\`: by default técnicas (always on), analíticas and vídeos de terceros, each with what it is for.
- \`defaultPreferences\`: the stored choice, so the form shows it; optional categories start unticked otherwise,
  never pre-ticked.
- \`onSave(preferences)\` gets \`{ necessary: true, analytics, videos }\`; the dialog closes itself after it.
- \`CookieSettingsDialog\` takes \`trigger\` (a button) or \`open\`/\`onOpenChange\`.

**Accessibility criteria**
- A \`<fieldset>\` with a legend; each checkbox (a native one) is named by its label and described by the category's
  explanation. Space toggles; clicking the label toggles too.
- The technical category is ticked and disabled, with '(Siempre activas)' and the reason in words, so the
  state is not told by the disabled look alone.
- Dialog: named 'Configuración de cookies' and described by its first paragraph; focus moves into it, stays in
  it, Escape or 'Cerrar' closes it and focus returns to the button that opened it.
- Checkbox borders reach 3:1 and text 4.5:1; the dialog scrolls inside itself at 375 px.
`,
      },
    },
  },
} satisfies Meta<typeof CookieSettings>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OnPolicyPage: Story = {
  args: { defaultPreferences: { analytics: true } },
  play: async ({ args, canvas, userEvent }) => {
    const group = canvas.getByRole('group', { name: 'Elige qué cookies aceptas' });
    const technical = within(group).getByRole('checkbox', { name: /^Cookies técnicas/ });
    await expect(technical).toBeChecked();
    await expect(technical).toBeDisabled();
    await expect(technical).toHaveAccessibleDescription(/No se pueden desactivar\.$/);
    const analytics = canvas.getByRole('checkbox', { name: 'Cookies analíticas' });
    await expect(analytics).toBeChecked();
    const videos = canvas.getByRole('checkbox', { name: 'Vídeos de terceros' });
    await expect(videos).not.toBeChecked();

    await userEvent.tab();
    await expect(analytics).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(analytics).not.toBeChecked();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(videos).toBeChecked();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Guardar preferencias' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSave).toHaveBeenCalledTimes(1);
    await expect(args.onSave).toHaveBeenCalledWith({
      necessary: true,
      analytics: false,
      videos: true,
    });
  },
};

export const NothingChosenYet: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Cookies analíticas' })).not.toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Vídeos de terceros' })).not.toBeChecked();
    await userEvent.click(canvas.getByText('Cookies analíticas'));
    await expect(canvas.getByRole('checkbox', { name: 'Cookies analíticas' })).toBeChecked();
    await userEvent.click(canvas.getByText('Cookies analíticas'));
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar preferencias' }));
    await expect(args.onSave).toHaveBeenCalledTimes(1);
    await expect(args.onSave).toHaveBeenCalledWith({
      necessary: true,
      analytics: false,
      videos: false,
    });
  },
};

export const InDialogMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  parameters: { screenshot: { scope: 'page' } },
  render: (args) => (
    <CookieSettingsDialog
      onSave={args.onSave}
      trigger={<Button variant="outline">Configuración de cookies</Button>}
    />
  ),
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Configuración de cookies' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const page = within(document.body);
    const dialog = await page.findByRole('dialog', { name: 'Configuración de cookies' });
    await expect(dialog).toHaveAccessibleDescription(/^Las cookies técnicas están siempre activas/);
    await expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await expect(page.queryByRole('dialog')).not.toBeInTheDocument();
    // The dialog hands focus back once it has finished closing.
    await waitFor(() => expect(trigger).toHaveFocus());
    // Opened again for the visual reference.
    await userEvent.keyboard('{Enter}');
    await expect(await page.findByRole('dialog')).toBeVisible();
  },
};
