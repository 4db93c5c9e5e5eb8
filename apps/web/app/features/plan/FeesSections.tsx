import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
  Alert,
  AlertTitle,
  Card,
  CardTitle,
  Testimonial,
} from '@cbp/ui';

import { FAQ_ITEMS } from '../../content/faq';
import { GUARANTEE, INCLUDED, NOT_INCLUDED, PRICE_NOTE } from '../../content/fees';
import { CLIENT_STORIES } from '../../content/home';
import { RichText } from '../../content/rich-text';
import {
  BENEFITS,
  BENEFITS_NOTE,
  BENEFITS_TITLE,
  FAQ_TITLE,
  FEES_TITLE,
  SUCCESS_BANNER,
  TESTIMONIALS_TITLE,
} from './strings';

export function SuccessBanner() {
  return (
    <Alert variant="success">
      <AlertTitle>{SUCCESS_BANNER.title}</AlertTitle>
      <p>{SUCCESS_BANNER.text}</p>
    </Alert>
  );
}

export function BenefitsSummary() {
  return (
    <section aria-labelledby="beneficios" className="flex flex-col gap-4">
      <h2 id="beneficios" className="text-2xl font-bold">
        {BENEFITS_TITLE}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {BENEFITS.map((benefit) => (
          <div
            key={benefit.label}
            className="flex min-w-0 flex-col-reverse gap-1 rounded-lg border-2 border-border bg-surface p-4 text-surface-foreground"
          >
            <dt className="text-sm text-muted-foreground">{benefit.label}</dt>
            <dd className="text-2xl font-bold tabular-nums break-words">{benefit.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-muted-foreground">{BENEFITS_NOTE}</p>
    </section>
  );
}

export function Testimonials() {
  return (
    <section aria-labelledby="testimonios" className="flex flex-col gap-4">
      <h2 id="testimonios" className="text-2xl font-bold">
        {TESTIMONIALS_TITLE}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {CLIENT_STORIES.map((story) => (
          <Testimonial key={story.name} quote={story.quote} name={story.name} place={story.place} />
        ))}
      </div>
    </section>
  );
}

/** The questions open and close each on its own, so two answers can be compared. */
export function PlanFaq() {
  return (
    <section aria-labelledby="preguntas" className="flex flex-col gap-4">
      <h2 id="preguntas" className="text-2xl font-bold">
        {FAQ_TITLE}
      </h2>
      <Accordion type="multiple" headingLevel={3}>
        {FAQ_ITEMS.map((item) => (
          <AccordionItem key={item.id} value={item.id}>
            <AccordionTrigger>{item.question}</AccordionTrigger>
            <AccordionContent>
              <RichText blocks={item.answer} headingLevel={4} />
            </AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}

function TickList({ items }: { items: readonly string[] }) {
  return (
    <ul className="flex list-disc flex-col gap-2 ps-6 leading-relaxed">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function FeeSection() {
  return (
    <section aria-labelledby="honorarios" className="flex flex-col gap-4">
      <h2 id="honorarios" className="text-2xl font-bold">
        {FEES_TITLE}
      </h2>
      <p>{PRICE_NOTE}</p>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardTitle level={3}>Incluido en los dos planes</CardTitle>
          <TickList items={INCLUDED} />
        </Card>
        <Card variant="muted">
          <CardTitle level={3}>No incluido</CardTitle>
          <TickList items={NOT_INCLUDED} />
        </Card>
      </div>
      <Card variant="highlighted">
        <CardTitle level={3}>{GUARANTEE.title}</CardTitle>
        <p>{GUARANTEE.text}</p>
      </Card>
    </section>
  );
}
