import { Accordion, AccordionContent, AccordionItem, AccordionTrigger, TextLink } from '@cbp/ui';
import * as React from 'react';

import { longDate } from '../format';
import { PageBody } from '../page-layout';
import { RichText, type Block } from '../rich-text';
import { useLocationHash } from '../use-location-hash';

export interface LegalSection {
  /** Anchor of the section: /condiciones-generales#desistimiento opens it. */
  id: string;
  title: string;
  blocks: readonly Block[];
}

/** What a page adds after a section's text, by section id (a button, a table). */
export type SectionExtras = Readonly<Partial<Record<string, React.ReactNode>>>;

export interface LegalText {
  /** Day of the text's last change (ISO 8601). */
  updated: string;
  intro: readonly Block[];
  sections: readonly LegalSection[];
}

function SectionBody({ section, extras }: { section: LegalSection; extras?: SectionExtras }) {
  return (
    <>
      <RichText blocks={section.blocks} headingLevel={3} />
      {extras?.[section.id] ?? null}
    </>
  );
}

function Updated({ day }: { day: string }) {
  return (
    <p className="text-muted-foreground">
      Última actualización: <time dateTime={day}>{longDate(day)}</time>
    </p>
  );
}

/**
 * A legal text as the spec lays it out: sections in an accordion whose items open and close
 * independently. The text of closed sections stays in the prerendered HTML, hidden, so it is
 * indexed; an address ending in a section's id opens that section.
 */
export function LegalAccordion({ text, extras }: { text: LegalText; extras?: SectionExtras }) {
  const hash = useLocationHash();
  const target = text.sections.some((section) => section.id === hash) ? [hash] : [];
  // What the person opened or closed, valid until the address points somewhere else.
  const [choice, setChoice] = React.useState<{ hash: string; value: string[] } | null>(null);
  const open = choice?.hash === hash ? choice.value : target;

  return (
    <PageBody className="gap-8 [&>*]:max-w-4xl">
      <div className="flex max-w-prose flex-col gap-3 text-lg">
        <RichText blocks={text.intro} />
        <Updated day={text.updated} />
      </div>
      <Accordion
        type="multiple"
        value={open}
        onValueChange={(value) => {
          setChoice({ hash, value });
        }}
        headingLevel={2}
      >
        {text.sections.map((section) => (
          <AccordionItem
            key={section.id}
            value={section.id}
            id={section.id}
            className="scroll-mt-6"
          >
            <AccordionTrigger>{section.title}</AccordionTrigger>
            <AccordionContent>
              <div className="flex flex-col gap-4">
                <SectionBody section={section} extras={extras} />
              </div>
            </AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </PageBody>
  );
}

/** A legal text as plain sections, every one visible (privacy and cookies policies). */
export function LegalSections({
  text,
  extras,
  children,
}: {
  text: LegalText;
  extras?: SectionExtras;
  /** Shown after the last section: the privacy policy's call to action. */
  children?: React.ReactNode;
}) {
  return (
    <PageBody className="gap-10 [&>*]:max-w-4xl">
      <div className="flex max-w-prose flex-col gap-3 text-lg">
        <RichText blocks={text.intro} />
        <Updated day={text.updated} />
      </div>
      <nav aria-label="Índice" className="rounded-lg bg-muted p-6">
        <p className="mb-3 font-semibold">Contenido</p>
        <ol className="flex list-decimal flex-col gap-1.5 ps-6">
          {text.sections.map((section) => (
            <li key={section.id}>
              <TextLink href={`#${section.id}`}>{section.title}</TextLink>
            </li>
          ))}
        </ol>
      </nav>
      {text.sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-titulo`}
          className="flex scroll-mt-6 flex-col gap-4"
        >
          <h2 id={`${section.id}-titulo`} className="text-2xl leading-tight font-bold">
            {section.title}
          </h2>
          <SectionBody section={section} extras={extras} />
        </section>
      ))}
      {children}
    </PageBody>
  );
}
