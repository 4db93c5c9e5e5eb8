import type { Meta, StoryObj } from '@storybook/react-vite';
import DownloadDrawing from 'lucide/dist/esm/icons/download.mjs';
import { expect, within } from 'storybook/test';

import { expectTooltipOnFocus } from '../../../storybook/play';
import { Button } from '../Button';
import { Tooltip, TooltipContent, TooltipTrigger } from './Tooltip';
import { icon } from '../../lib/icon';

const Download = icon(DownloadDrawing);

const meta = {
  title: 'Componentes/Tooltip',
  component: Tooltip,
  render: (args) => (
    <div className="flex gap-4 pt-16">
      <Tooltip {...args}>
        <TooltipTrigger asChild>
          <Button variant="outline" size="icon" aria-label="Descargar nomina.pdf">
            <Download aria-hidden="true" />
          </Button>
        </TooltipTrigger>
        <TooltipContent>Descargar nomina.pdf</TooltipContent>
      </Tooltip>
      <Button variant="outline">Cambiar</Button>
    </div>
  ),
  parameters: {
    screenshot: { scope: 'page' },
    docs: {
      description: {
        component: `
A short text that names or describes a control, shown while the pointer is over it or it has keyboard focus:
typically the visible name of an icon-only button. For help about a question use \`HelpTip\`, which also
opens on tap.

**Usage**
- \`<Tooltip><TooltipTrigger asChild>{control}</TooltipTrigger><TooltipContent>text</TooltipContent></Tooltip>\`.
  The control keeps its own accessible name (\`aria-label\`); the tooltip only shows it.
- A few words, no links or buttons inside (they cannot be reached). Anything a person needs to do the task
  belongs on the page, not in a tooltip.
- \`Tooltip\` brings its own provider; wrap a screen in \`TooltipProvider\` to share the opening delay
  (300 ms) between its tooltips.

**Accessibility criteria**
- Opens on hover and on keyboard focus; Escape closes it without moving focus; it stays open while the
  pointer moves onto it (WCAG 1.4.13).
- While open, its text describes the control (\`aria-describedby\`), in a \`role="tooltip"\` element.
- Touch screens have no hover: never put the only name of a control in a tooltip.
- Text is \`background\` on \`foreground\` (the page's own contrast, inverted), at most 20 rem wide and never
  wider than the screen.
`,
      },
    },
  },
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OnFocus: Story = {
  play: async (context) => {
    await expectTooltipOnFocus(context, 'Descargar nomina.pdf', async (button, tooltip) => {
      await expect(tooltip).toHaveTextContent('Descargar nomina.pdf');
      await expect(button).toHaveAttribute('aria-describedby', tooltip.id);
    });
    const { userEvent } = context;

    // Moving on hides it; coming back shows it again.
    await userEvent.tab();
    await userEvent.tab({ shift: true });
    await expect(await within(document.body).findByRole('tooltip')).toBeInTheDocument();
  },
};

export const OnHover: Story = {
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Descargar nomina.pdf' });
    await userEvent.hover(button);
    await expect(await within(document.body).findByRole('tooltip')).toHaveTextContent(
      'Descargar nomina.pdf',
    );
    await userEvent.unhover(button);
    await userEvent.hover(canvas.getByRole('button', { name: 'Cambiar' }));
    await expect(within(document.body).queryByRole('tooltip')).not.toBeInTheDocument();
  },
};
