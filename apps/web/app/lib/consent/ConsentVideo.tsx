import { Button, cn, VideoEmbed } from '@cbp/ui';
import * as React from 'react';

import { useConsent } from './use-consent';

export interface ConsentVideoProps {
  /** Embed address on the video host, requested only after consent and a click. */
  src: string;
  title: string;
  /** The host's name as people know it, for the notes: 'YouTube'. */
  provider?: string;
  className?: string;
}

/**
 * A video that needs two things before anything reaches the video host: the visitor's consent
 * to video cookies, then a click on play. Without consent a panel of the same size explains
 * why and asks for it; with consent the design system's click-to-load player shows
 * (docs/decisions/0421-cookie-consent.md).
 */
export function ConsentVideo({ src, title, provider = 'YouTube', className }: ConsentVideoProps) {
  const consent = useConsent();
  const allowed = consent.allows('videos');
  const wrapper = React.useRef<HTMLDivElement>(null);
  const [askedHere, setAskedHere] = React.useState(false);
  const noteId = `${React.useId().replace(/[^\w-]/g, '')}-nota`;

  React.useEffect(() => {
    // The button the person pressed is gone; the play button that replaced it takes focus.
    if (allowed && askedHere) {
      wrapper.current?.querySelector<HTMLElement>('[data-slot="video-embed-play"]')?.focus();
    }
  }, [allowed, askedHere]);

  if (allowed) {
    return (
      <div ref={wrapper} className={className}>
        <VideoEmbed
          src={src}
          title={title}
          consentNote={
            <>
              El vídeo se carga desde {provider} al pulsar el botón.{' '}
              <Button variant="link" size="sm" onClick={consent.openSettings}>
                Configurar cookies
              </Button>
            </>
          }
        />
      </div>
    );
  }

  return (
    <div ref={wrapper} data-slot="consent-video" className={cn('flex flex-col gap-2', className)}>
      <div className="flex aspect-video flex-col items-center justify-center gap-3 rounded-lg bg-primary p-4 text-center text-primary-foreground">
        <p className="max-w-md font-semibold text-balance">{title}</p>
        <Button
          variant="secondary"
          aria-describedby={noteId}
          ring="inverse"
          onClick={() => {
            setAskedHere(true);
            consent.save({ ...consent.choices, videos: true });
          }}
        >
          Permitir vídeos de {provider}
        </Button>
      </div>
      <p id={noteId} className="text-sm text-muted-foreground">
        Para ver el vídeo necesitamos tu permiso: {provider} puede instalar cookies de terceros
        cuando lo reproduces. Nada se carga hasta que lo permitas y pulses reproducir.
      </p>
    </div>
  );
}
