import QuoteDrawing from 'lucide/dist/esm/icons/quote.mjs';
import StarDrawing from 'lucide/dist/esm/icons/star.mjs';
import type * as React from 'react';

import { cn } from '../../lib/cn';
import { icon } from '../../lib/icon';

const Quote = icon(QuoteDrawing);
const Star = icon(StarDrawing);

export interface TestimonialProps extends React.ComponentProps<'figure'> {
  /** The client's words, without quotation marks. */
  quote: React.ReactNode;
  /** Who said it ('María G.'). */
  name: string;
  /** Where they live ('Valencia'). */
  place?: string | undefined;
  /** Stars given, from 0 to `ratingMax`; leave out for no rating. */
  rating?: number | undefined;
  ratingMax?: number;
  /** The rating in words, for screen readers (the stars are hidden from them). */
  ratingLabel?: (rating: number, max: number) => string;
}

const defaultRatingLabel = (rating: number, max: number) =>
  `Valoración: ${String(rating)} de ${String(max)}`;

/** A client's quote with their name and place, and optionally a star rating. */
export function Testimonial({
  quote,
  name,
  place,
  rating,
  ratingMax = 5,
  ratingLabel = defaultRatingLabel,
  className,
  ...props
}: TestimonialProps) {
  const stars =
    rating === undefined ? undefined : Math.min(Math.max(Math.round(rating), 0), ratingMax);

  return (
    <figure
      data-slot="testimonial"
      className={cn(
        'flex flex-col gap-4 rounded-lg border-2 border-border bg-surface p-6 text-surface-foreground',
        className,
      )}
      {...props}
    >
      {stars === undefined ? null : (
        <p data-slot="testimonial-rating" className="flex items-center gap-2">
          <span aria-hidden="true" className="flex gap-0.5 text-primary">
            {Array.from({ length: ratingMax }, (_, index) => (
              <Star
                key={index}
                focusable="false"
                data-filled={index < stars || undefined}
                className={cn('size-5', index < stars && 'fill-current')}
              />
            ))}
          </span>
          <span className="sr-only">{ratingLabel(stars, ratingMax)}</span>
        </p>
      )}
      <blockquote data-slot="testimonial-quote" className="relative ps-9 text-lg leading-relaxed">
        <Quote
          aria-hidden="true"
          focusable="false"
          className="absolute start-0 top-0.5 size-6 text-primary"
        />
        {quote}
      </blockquote>
      <figcaption data-slot="testimonial-author" className="ps-9">
        <span className="font-semibold">{name}</span>
        {place ? <span className="text-muted-foreground">, {place}</span> : null}
      </figcaption>
    </figure>
  );
}
