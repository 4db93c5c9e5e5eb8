import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';

import posterExample from './poster-example.svg';
import { VideoEmbed } from './VideoEmbed';

const videoHost = 'www.youtube-nocookie.com';

function requestsTo(host: string): PerformanceEntry[] {
  return performance.getEntriesByType('resource').filter((entry) => entry.name.includes(host));
}

const meta = {
  title: 'Componentes/VideoEmbed',
  component: VideoEmbed,
  args: {
    src: `https://${videoHost}/embed/cbpEjemplo01`,
    title: 'Cómo funciona el Código de Buenas Prácticas',
    onPlay: fn(),
  },
  argTypes: {
    consentNote: { control: 'text' },
    posterSrc: { control: 'text' },
    playLabel: { control: false },
  },
  render: (args) => (
    <div className="max-w-2xl">
      <VideoEmbed {...args} />
    </div>
  ),
  parameters: {
    docs: {
      description: {
        component: `
A video from a hosting service behind a click-to-load facade: a poster and a play button, and only after the
press the player's \`<iframe>\`. Until then nothing is requested from the host, so no third-party cookie or
script reaches a visitor who does not play it.

**Usage**
- \`src\`: the privacy-enhanced embed address, \`https://www.youtube-nocookie.com/embed/<id>\`. \`autoplay\` (on
  by default) adds \`autoplay=1\`, so the press that loads the player also starts the video.
- \`title\`: the video's title; the button reads 'Reproducir vídeo: {title}' (\`playLabel\` changes the words) and
  the frame is named by it.
- \`posterSrc\`: a picture served by the site itself (never the host's thumbnail, which would be a third-party
  request); without it the poster is a gradient in the theme's colours.
- \`consentNote\`: what playing implies, shown under the poster (default mentions YouTube's cookies); link the
  cookies policy from it if useful. \`onPlay\` tells the app the person asked for the video.

**Accessibility criteria**
- The poster is one native button, reachable with Tab and pressed with Enter or Space, named
  'Reproducir vídeo: {title}'; the visible label says the same. The poster picture is decorative (\`alt=""\`).
- After the press focus moves into the player's frame (the button is gone), and the frame has a \`title\`.
- Focus ring on the label pill: a ring in the \`ring\` token against the light pill, plus a light outline against
  the poster, visible on any picture.
- 16:9 at any width; the label wraps at 375 px.
`,
      },
    },
  },
} satisfies Meta<typeof VideoEmbed>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Poster: Story = {
  play: async ({ args, canvas }) => {
    await expect(
      canvas.getByRole('button', {
        name: 'Reproducir vídeo: Cómo funciona el Código de Buenas Prácticas',
      }),
    ).toBeVisible();
    await expect(document.querySelector('iframe')).toBeNull();
    await expect(requestsTo(videoHost)).toEqual([]);
    await expect(canvas.getByText(/puede instalar cookies de terceros/)).toBeVisible();
    await expect(args.onPlay).not.toHaveBeenCalled();
  },
};

export const ClickToLoad: Story = {
  // A same-origin stand-in for the player, so the test never reaches out to the video host.
  args: { src: posterExample },
  parameters: {
    // After the press the frame shows whatever the host serves: nothing of this kit to compare.
    screenshot: { disable: true },
    docs: {
      description: {
        story:
          'Tab to the poster and press Enter: the player frame replaces it and takes focus. Before the press there is no frame and no request to the host.',
      },
    },
  },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    // The Poster story checks that nothing reaches the video host before the press; this one
    // plays a same-origin stand-in, so only the frame is checked here.
    await expect(canvasElement.querySelector('iframe')).toBeNull();

    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /^Reproducir vídeo: / })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    await expect(args.onPlay).toHaveBeenCalledTimes(1);
    const frame = canvasElement.querySelector('iframe');
    await expect(frame).not.toBeNull();
    await expect(frame).toHaveAttribute('title', 'Cómo funciona el Código de Buenas Prácticas');
    await expect(frame).toHaveAttribute('src', `${posterExample}?autoplay=1`);
    await expect(frame).toHaveFocus();
    await expect(canvas.queryByRole('button', { name: /^Reproducir vídeo/ })).toBeNull();
    await expect(canvas.queryByText(/puede instalar cookies de terceros/)).toBeNull();
  },
};

export const WithPosterImage: Story = {
  args: { posterSrc: posterExample },
  play: async ({ canvasElement }) => {
    const poster = canvasElement.querySelector('img');
    await expect(poster).toHaveAttribute('alt', '');
    await expect(canvasElement.querySelector('iframe')).toBeNull();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    title: 'Testimonio de María: cómo bajamos la cuota de su hipoteca en cinco meses',
    consentNote:
      'El vídeo está alojado en YouTube. Al reproducirlo aceptas que YouTube pueda usar cookies en tu navegador.',
  },
  play: async ({ canvas, canvasElement }) => {
    const button = canvas.getByRole('button', { name: /^Reproducir vídeo: Testimonio de María/ });
    await expect(button).toBeVisible();
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
