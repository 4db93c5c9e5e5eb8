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
import { FeeInclusions } from '../../content/FeeInclusions';
import { GUARANTEE, PRICE_NOTE } from '../../content/fees';
import { CLIENT_STORIES } from '../../content/home';
import { RichText } from '../../content/rich-text';
import { Section } from '../../lib/section';
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

/** `yourRate`: the rate of the person's own calculation, naming its Euribor month. */
export function BenefitsSummary({ yourRate = null }: { yourRate?: string | null }) {
  return (
    <Section title={BENEFITS_TITLE}>
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
      {yourRate === null ? null : <p>{yourRate}</p>}
    </Section>
  );
}

export function Testimonials() {
  return (
    <Section title={TESTIMONIALS_TITLE}>
      <div className="grid gap-4 md:grid-cols-3">
        {CLIENT_STORIES.map((story) => (
          <Testimonial key={story.name} quote={story.quote} name={story.name} place={story.place} />
        ))}
      </div>
    </Section>
  );
}

/** The questions open and close each on its own, so two answers can be compared. */
export function PlanFaq() {
  return (
    <Section title={FAQ_TITLE}>
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
    </Section>
  );
}

export function FeeSection() {
  return (
    <Section title={FEES_TITLE}>
      <p>{PRICE_NOTE}</p>
      <FeeInclusions />
      <Card variant="highlighted">
        <CardTitle level={3}>{GUARANTEE.title}</CardTitle>
        <p>{GUARANTEE.text}</p>
      </Card>
    </Section>
  );
}
