import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';

import { CookieBanner } from './CookieBanner';

const meta = {
  title: 'Componentes/CookieBanner',
  component: CookieBanner,
  args: {
    policyLink: { href: '/politica-cookies', label: 'Política de cookies' },
    onDecision: fn(),
    onHide: fn(),
  },
  argTypes: {
    title: { control: 'text' },
    description: { control: 'text' },
    categories: { control: false },
    renderLink: { control: false },
  },
  parameters: {
    docs: {
      description: {
        component: `
Cookie consent as the Spanish data-protection authority (AEPD) describes it. The first layer says what the
site stores and why, offers 'Aceptar todas', 'Rechazar todas' and 'Configurar' with the same weight and links
the cookies policy; 'Configurar' opens the second layer (\`CookieSettingsDialog\`), one checkbox per category with
the optional ones unticked. Presentational: it reports the answer, the app stores it and loads analytics or
videos accordingly.

**Usage**
- Render it while the person has not answered (and again after a year or when the purposes change). It
  positions nothing itself: first in \`<body>\`, before the skip link, it covers nothing; fixed to the bottom of
  the screen, reserve its height so focused elements are not hidden behind it.
- \`onDecision(preferences, choice)\`: \`preferences\` is \`{ necessary: true, analytics, videos }\` (one key per
  category), \`choice\` is \`'accept-all'\`, \`'reject-all'\` or \`'custom'\`. Store it; do not set optional cookies
  before it.
- After an answer the banner shows a confirmation with the policy link and 'Ocultar este mensaje'; \`onHide\`
  tells the app it is gone.
- \`policyLink\`: the cookies policy page; a footer link 'Configuración de cookies' opening \`CookieSettingsDialog\`
  lets the person change their mind later, as easily as they answered.
- \`categories\` (default: técnicas, analíticas, vídeos de terceros) and every text can be changed.

**Accessibility criteria**
- A region named by its heading 'Cookies en esta web'; the three answers are native buttons in reading order.
- Equal prominence: the three buttons share variant and size (the same look and at least 44 px), and
  rejecting is one press, like accepting.
- After an answer the confirmation takes focus, so it is read and focus is not lost with the pressed button.
- 'Configurar' announces a dialog (\`aria-haspopup\`); the dialog traps focus, closes with Escape and returns
  focus to 'Configurar'.
- At 375 px the buttons stack at full width.
`,
      },
    },
  },
} satisfies Meta<typeof CookieBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstLayer: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const region = canvas.getByRole('region', { name: 'Cookies en esta web' });
    const buttons = within(region).getAllByRole('button');
    await expect(buttons.map((button) => button.textContent)).toEqual([
      'Aceptar todas',
      'Rechazar todas',
      'Configurar',
    ]);
    for (const button of buttons) {
      await expect(button).toHaveAttribute('data-variant', 'primary');
      await expect(button).toHaveAttribute('data-size', 'md');
      await expect(button.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    }
    await expect(canvas.getByRole('link', { name: 'Política de cookies' })).toHaveAttribute(
      'href',
      '/politica-cookies',
    );
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Política de cookies' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Aceptar todas' })).toHaveFocus();
    await expect(args.onDecision).not.toHaveBeenCalled();
  },
};

/** The banner in a slot `width` pixels wide, as on a phone of that width. */
function atWidth(width: number): Story['render'] {
  return (args) => (
    <div style={{ width }}>
      <CookieBanner {...args} />
    </div>
  );
}

/** Where the three answers are on the screen. */
function answersIn(element: HTMLElement) {
  const box = (name: string) =>
    within(element).getByRole('button', { name }).getBoundingClientRect();
  return {
    accept: box('Aceptar todas'),
    reject: box('Rechazar todas'),
    configure: box('Configurar'),
  };
}

/**
 * As wide as a 375-pixel phone (the banner lays itself out by its own width): accept and
 * reject share a row at the same size, so the banner covers less of the page, and configure
 * takes the row below at the same height.
 */
export const Phone: Story = {
  render: atWidth(375),
  play: async ({ canvasElement }) => {
    const { accept, reject, configure } = answersIn(canvasElement);
    await expect(accept.top).toBe(reject.top);
    await expect(accept.width).toBe(reject.width);
    await expect(configure.top).toBeGreaterThan(accept.bottom);
    await expect(new Set([accept.height, reject.height, configure.height]).size).toBe(1);
    const region = within(canvasElement).getByRole('region', { name: 'Cookies en esta web' });
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
  },
};

/** Where both labels would not fit on one line side by side (a 320-pixel phone), one per row. */
export const NarrowPhone: Story = {
  render: atWidth(320),
  play: async ({ canvasElement }) => {
    const { accept, reject, configure } = answersIn(canvasElement);
    await expect(reject.top).toBeGreaterThan(accept.bottom);
    await expect(configure.top).toBeGreaterThan(reject.bottom);
    await expect(new Set([accept.width, reject.width, configure.width]).size).toBe(1);
    await expect(new Set([accept.height, reject.height, configure.height]).size).toBe(1);
    const region = within(canvasElement).getByRole('region', { name: 'Cookies en esta web' });
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
  },
};

export const RejectAll: Story = {
  play: async ({ args, canvas, userEvent }) => {
    canvas.getByRole('button', { name: 'Rechazar todas' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onDecision).toHaveBeenCalledTimes(1);
    await expect(args.onDecision).toHaveBeenCalledWith(
      { necessary: true, analytics: false, videos: false },
      'reject-all',
    );
    const message = canvas.getByText('Has rechazado las cookies que no son necesarias.');
    await expect(message.parentElement).toHaveFocus();
    await expect(canvas.queryByRole('button', { name: 'Aceptar todas' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Ocultar este mensaje' })).toBeVisible();
  },
};

export const AcceptAllThenHide: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'Space on "Aceptar todas" accepts every category and shows the confirmation; "Ocultar este mensaje" removes the banner.',
      },
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    canvas.getByRole('button', { name: 'Aceptar todas' }).focus();
    await userEvent.keyboard(' ');
    await expect(args.onDecision).toHaveBeenCalledTimes(1);
    await expect(args.onDecision).toHaveBeenCalledWith(
      { necessary: true, analytics: true, videos: true },
      'accept-all',
    );
    await expect(canvas.getByText('Has aceptado todas las cookies.').parentElement).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Ocultar este mensaje' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onHide).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole('region')).not.toBeInTheDocument();
  },
};

export const ConfigureAndSave: Story = {
  parameters: {
    docs: {
      description: {
        story:
          '"Configurar" opens the settings; Escape closes them and focus returns to the button. Ticking "Vídeos de terceros" and saving stores only that category and confirms it.',
      },
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    const configure = canvas.getByRole('button', { name: 'Configurar' });
    configure.focus();
    await userEvent.keyboard('{Enter}');
    const page = within(document.body);
    let dialog = await page.findByRole('dialog', { name: 'Configuración de cookies' });
    await expect(
      within(dialog).getByRole('checkbox', { name: /^Cookies técnicas/ }),
    ).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(page.queryByRole('dialog')).not.toBeInTheDocument();
    // The dialog hands focus back once it has finished closing.
    await waitFor(() => expect(configure).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    dialog = await page.findByRole('dialog', { name: 'Configuración de cookies' });
    const videos = within(dialog).getByRole('checkbox', { name: 'Vídeos de terceros' });
    await expect(videos).not.toBeChecked();
    await userEvent.click(videos);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar preferencias' }));

    await expect(args.onDecision).toHaveBeenCalledTimes(1);
    await expect(args.onDecision).toHaveBeenCalledWith(
      { necessary: true, analytics: false, videos: true },
      'custom',
    );
    await expect(page.queryByRole('dialog')).not.toBeInTheDocument();
    await expect(
      canvas.getByText('Hemos guardado tus preferencias de cookies.').parentElement,
    ).toHaveFocus();
  },
};
