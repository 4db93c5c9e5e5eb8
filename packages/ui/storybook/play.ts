import type { StoryContext } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

type PlayContext = Pick<StoryContext, 'canvas' | 'userEvent'>;

/**
 * Tabs to the button named `name`, whose tooltip opens on focus, runs `whileOpen`, then presses
 * Escape: the tooltip closes and focus stays on the button, which is returned.
 */
export async function expectTooltipOnFocus(
  { canvas, userEvent }: PlayContext,
  name: string,
  whileOpen: (button: HTMLElement, tooltip: HTMLElement) => Promise<void>,
): Promise<HTMLElement> {
  const button = canvas.getByRole('button', { name });
  await userEvent.tab();
  await expect(button).toHaveFocus();
  await whileOpen(button, await within(document.body).findByRole('tooltip'));

  await userEvent.keyboard('{Escape}');
  await expect(within(document.body).queryByRole('tooltip')).not.toBeInTheDocument();
  await expect(button).toHaveFocus();
  return button;
}
