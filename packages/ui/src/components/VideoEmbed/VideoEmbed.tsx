import PlayDrawing from 'lucide/dist/esm/icons/play.mjs';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { icon } from '../../lib/icon';

const Play = icon(PlayDrawing);

export interface VideoEmbedProps extends Omit<React.ComponentProps<'div'>, 'title'> {
  /** Embed address, e.g. `https://www.youtube-nocookie.com/embed/<id>`; requested only after the click. */
  src: string;
  /** The video's title: names the play button and the frame. */
  title: string;
  /** A local picture for the poster (decorative); without it a gradient in the theme's colours. */
  posterSrc?: string | undefined;
  /** Name of the play button; receives the title. */
  playLabel?: (title: string) => string;
  /** Shown under the poster until the video loads: what playing implies (third-party cookies). */
  consentNote?: React.ReactNode;
  /** Called when the person asks for the video, before the frame loads. */
  onPlay?: () => void;
  /** Asks the player to start at once, so one press plays the video. */
  autoplay?: boolean;
}

const defaultPlayLabel = (title: string) => `Reproducir vídeo: ${title}`;

/**
 * A click-to-load video: a poster and a play button, and only after the press the player's
 * frame. Nothing is requested from the video host until then.
 */
export function VideoEmbed({
  src,
  title,
  posterSrc,
  playLabel = defaultPlayLabel,
  consentNote = 'Al reproducir el vídeo se cargará desde YouTube, que puede instalar cookies de terceros.',
  onPlay,
  autoplay = true,
  className,
  ...props
}: VideoEmbedProps) {
  const [loaded, setLoaded] = React.useState(false);
  const frameRef = React.useRef<HTMLIFrameElement>(null);

  React.useEffect(() => {
    // The play button is gone; without this, focus would fall back to the page's start.
    if (loaded) frameRef.current?.focus();
  }, [loaded]);

  const frameSrc = autoplay ? `${src}${src.includes('?') ? '&' : '?'}autoplay=1` : src;
  const hasNote = consentNote !== null && consentNote !== false && consentNote !== '';

  return (
    <div
      data-slot="video-embed"
      data-state={loaded ? 'loaded' : 'poster'}
      className={cn('flex flex-col gap-2', className)}
      {...props}
    >
      <div
        data-slot="video-embed-frame"
        className="relative aspect-video overflow-hidden rounded-lg bg-primary"
      >
        {loaded ? (
          <iframe
            ref={frameRef}
            src={frameSrc}
            title={title}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            className="absolute inset-0 size-full border-0"
          />
        ) : (
          <>
            {posterSrc ? (
              <img
                data-slot="video-embed-poster"
                src={posterSrc}
                alt=""
                className="absolute inset-0 size-full object-cover"
              />
            ) : (
              <div
                data-slot="video-embed-poster"
                aria-hidden="true"
                className="absolute inset-0 bg-linear-135 from-primary via-primary-hover to-accent"
              />
            )}
            {/* The focus ring sits on the pill, not on the frame: the frame clips outlines, and
                the pill gives the ring a light edge on any poster. */}
            <button
              type="button"
              data-slot="video-embed-play"
              onClick={() => {
                onPlay?.();
                setLoaded(true);
              }}
              className="group absolute inset-0 flex cursor-pointer items-center justify-center p-4 focus-visible:outline-none"
            >
              <span className="flex max-w-full items-center gap-3 rounded-full bg-surface py-2 ps-2 pe-5 text-start font-semibold text-surface-foreground shadow-lg group-hover:bg-muted group-focus-visible:ring-4 group-focus-visible:ring-ring group-focus-visible:outline-3 group-focus-visible:outline-offset-4 group-focus-visible:outline-surface">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
                  <Play aria-hidden="true" focusable="false" className="size-5 fill-current" />
                </span>
                <span>{playLabel(title)}</span>
              </span>
            </button>
          </>
        )}
      </div>
      {hasNote && !loaded ? (
        <p data-slot="video-embed-note" className="text-sm text-muted-foreground">
          {consentNote}
        </p>
      ) : null}
    </div>
  );
}
