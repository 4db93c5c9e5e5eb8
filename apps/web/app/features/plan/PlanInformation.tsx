import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
  Card,
  CardTitle,
  Testimonial,
} from '@cbp/ui';

import { FAQ_ITEMS } from '../../content/faq';
import { FeeInclusions } from '../../content/FeeInclusions';
import { GUARANTEE, PRICE_NOTE } from '../../content/fees';
import { CLIENT_STORIES } from '../../content/home';
import { RichText } from '../../content/rich-text';

export type InformationPart = 'testimonials' | 'faq' | 'fees';

/**
 * What the fees screen tells under the plans, shared with the public pages' content: loaded
 * apart (FeesSections.tsx), when the person gets near it.
 */
export function PlanInformation({ part }: { part: InformationPart }) {
  switch (part) {
    case 'testimonials':
      return (
        <div className="grid gap-4 md:grid-cols-3">
          {CLIENT_STORIES.map((story) => (
            <Testimonial
              key={story.name}
              quote={story.quote}
              name={story.name}
              place={story.place}
            />
          ))}
        </div>
      );
    case 'faq':
      // The questions open and close each on its own, so two answers can be compared.
      return (
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
      );
    case 'fees':
      return (
        <>
          <p>{PRICE_NOTE}</p>
          <FeeInclusions />
          <Card variant="highlighted">
            <CardTitle level={3}>{GUARANTEE.title}</CardTitle>
            <p>{GUARANTEE.text}</p>
          </Card>
        </>
      );
  }
}
