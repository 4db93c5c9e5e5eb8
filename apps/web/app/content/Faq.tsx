import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@cbp/ui';
import * as React from 'react';

import { FAQ_ITEMS } from './faq';
import { RichText } from './rich-text';
import { useLocationHash } from './use-location-hash';

/**
 * The 14 questions, one open at a time; pressing the open one closes it. Closed answers stay
 * in the prerendered HTML, hidden, so search engines read them with the questions. An address
 * ending in a question's id (#plazo) opens that question.
 */
export function Faq({ headingLevel = 3 }: { headingLevel?: 3 | 4 }) {
  const hash = useLocationHash();
  const target = FAQ_ITEMS.some((item) => item.id === hash) ? hash : '';
  // What the person opened or closed, valid until the address points somewhere else.
  const [choice, setChoice] = React.useState<{ hash: string; value: string } | null>(null);
  const open = choice?.hash === hash ? choice.value : target;

  return (
    <Accordion
      type="single"
      collapsible
      value={open}
      onValueChange={(value) => {
        setChoice({ hash, value });
      }}
      headingLevel={headingLevel}
      data-slot="faq"
    >
      {FAQ_ITEMS.map((item) => (
        <AccordionItem key={item.id} value={item.id} id={item.id} className="scroll-mt-6">
          <AccordionTrigger>{item.question}</AccordionTrigger>
          <AccordionContent>
            <RichText blocks={item.answer} headingLevel={headingLevel === 3 ? 4 : 5} />
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
