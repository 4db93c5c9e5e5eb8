import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { SkipLink } from './SkipLink';

const meta = {
  title: 'Estructura/SkipLink',
  component: SkipLink,
  render: (args) => (
    <>
      <SkipLink {...args} />
      <nav aria-label="Principal" className="flex gap-4 py-2">
        <a href="#inicio" className="underline">
          Inicio
        </a>
        <a href="#honorarios" className="underline">
          Honorarios
        </a>
      </nav>
      <main id={args.targetId ?? 'contenido-principal'} className="py-4">
        <h1 className="text-2xl font-bold">Honorarios</h1>
      </main>
    </>
  ),
  parameters: {
    docs: {
      description: {
        component: `
The first focusable element of a page: hidden until it receives focus, it takes keyboard users past the
header straight to the main content. \`SiteHeader\` and \`AppShell\` include it.

**Usage**
- Give the page's \`<main>\` the id \`contenido-principal\` (or pass \`targetId\`). The text is 'Saltar al contenido
  principal'.
- Put it first in the page (after the cookie banner, if shown).

**Accessibility criteria**
- The first Tab shows it at the top of the page, in the flow (it pushes the header down instead of covering it),
  with the usual 3 px focus outline.
- Enter moves focus to \`<main>\` itself, so the next Tab continues from there in every browser; the temporary
  \`tabindex="-1"\` is removed when \`<main>\` loses focus.
`,
      },
    },
  },
} satisfies Meta<typeof SkipLink>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const skipLink = canvas.getByRole('link', { name: 'Saltar al contenido principal' });
    await expect(skipLink.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    await userEvent.tab();
    await expect(skipLink).toHaveFocus();
    await expect(skipLink.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await userEvent.keyboard('{Enter}');
    const main = canvas.getByRole('main');
    await expect(main).toHaveFocus();
    await expect(main).toHaveAttribute('tabindex', '-1');
    await userEvent.tab();
    await expect(main).not.toHaveAttribute('tabindex');
    // Shown focused again for the visual reference.
    skipLink.focus();
  },
};
