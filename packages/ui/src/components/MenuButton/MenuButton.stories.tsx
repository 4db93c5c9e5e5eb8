import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { MenuButton, useMenuDisclosure } from './MenuButton';

function MenuDemo() {
  const { open, close, toggle, panelId, containerRef, buttonRef } =
    useMenuDisclosure<HTMLDivElement>();
  return (
    <div ref={containerRef} className="flex flex-col items-start gap-3">
      <MenuButton ref={buttonRef} open={open} controls={panelId} onClick={toggle} />
      <ul id={panelId} className={open ? 'flex flex-col gap-2' : 'hidden'}>
        <li>
          <a href="#inicio" onClick={close} className="underline">
            Inicio
          </a>
        </li>
        <li>
          <a href="#honorarios" onClick={close} className="underline">
            Honorarios
          </a>
        </li>
      </ul>
    </div>
  );
}

const meta = {
  title: 'Estructura/MenuButton',
  component: MenuButton,
  args: { open: false, controls: 'menu' },
  render: () => <MenuDemo />,
  parameters: {
    docs: {
      description: {
        component: `
The burger button of a menu that folds away on small screens, as a disclosure: the button shows and hides a
panel in the page. \`useMenuDisclosure()\` gives the state, the ids and the refs, and closes the menu with Escape.
\`SiteHeader\` and \`AppShell\` use both.

**Usage**
- Spread the hook's values: \`ref={buttonRef} open={open} controls={panelId} onClick={toggle}\` on the button,
  \`id={panelId}\` on the panel (hide it with a class when closed), \`ref={containerRef}\` on the element holding both,
  and \`close\` on every link in the panel.
- Names 'Abrir menú' and 'Cerrar menú' (\`openLabel\`, \`closeLabel\`); the visible word is 'Menú'.

**Accessibility criteria**
- A native button with \`aria-expanded\` and \`aria-controls\`; its name says what pressing it will do and contains
  the visible word.
- Enter and Space toggle; Escape closes and, if focus was inside the menu, returns it to the button.
- The panel pushes the page down rather than covering it, so it needs no focus trap.
- 44 px high; the icon is hidden from screen readers.
`,
      },
    },
  },
} satisfies Meta<typeof MenuButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Keyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Abrir menú' });
    await expect(button).toHaveTextContent('Menú');
    await expect(canvas.queryByRole('link', { name: 'Inicio' })).not.toBeInTheDocument();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(button).toHaveAccessibleName('Cerrar menú');
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Inicio' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  },
};
