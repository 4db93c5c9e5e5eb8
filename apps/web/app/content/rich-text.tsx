import { TextLink } from '@cbp/ui';

import { usePageLink } from '../lib/page-context';

/**
 * The small text model the FAQ and the legal pages are written in: paragraphs, lists,
 * subheadings and inline links. Kept as data, not JSX, so the same words feed the page and the
 * structured data (FAQPage answers are plain text).
 */
export interface InlineLink {
  text: string;
  href: string;
}

export type Inline = string | InlineLink;
export type Line = string | readonly Inline[];

export type Block =
  | { kind: 'p'; line: Line }
  | { kind: 'ul' | 'ol'; items: readonly Line[] }
  | { kind: 'h'; text: string }
  | { kind: 'dl'; entries: readonly { term: string; line: Line }[] };

export const p = (...inline: Inline[]): Block => ({ kind: 'p', line: inline });
export const ul = (...items: Line[]): Block => ({ kind: 'ul', items });
export const ol = (...items: Line[]): Block => ({ kind: 'ol', items });
export const subheading = (text: string): Block => ({ kind: 'h', text });
export const dl = (...entries: { term: string; line: Line }[]): Block => ({ kind: 'dl', entries });
export const link = (text: string, href: string): InlineLink => ({ text, href });

function lineToText(line: Line): string {
  return typeof line === 'string'
    ? line
    : line.map((part) => (typeof part === 'string' ? part : part.text)).join('');
}

/** The blocks as plain text, one block a line, list items joined with "; ". */
export function blocksToText(blocks: readonly Block[]): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'p':
          return lineToText(block.line);
        case 'h':
          return `${block.text}:`;
        case 'ul':
        case 'ol':
          return block.items.map(lineToText).join('; ');
        case 'dl':
          return block.entries
            .map((entry) => `${entry.term}: ${lineToText(entry.line)}`)
            .join('; ');
      }
    })
    .join('\n');
}

function isInternal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

function RichInline({ part }: { part: Inline }) {
  const renderLink = usePageLink();
  if (typeof part === 'string') return part;
  if (isInternal(part.href)) {
    return <TextLink asChild>{renderLink({ href: part.href, children: part.text })}</TextLink>;
  }
  const opensTab = /^https?:/.test(part.href);
  return (
    <TextLink href={part.href} newTab={opensTab}>
      {part.text}
    </TextLink>
  );
}

function RichLine({ line }: { line: Line }) {
  if (typeof line === 'string') return line;
  return line.map((part, index) => (
    // The parts of a line are static text in a fixed order: their position is a stable key.
    <RichInline key={index} part={part} />
  ));
}

type HeadingLevel = 3 | 4 | 5;

/** Renders blocks as prose. `headingLevel` is the level of subheadings inside them. */
export function RichText({
  blocks,
  headingLevel = 3,
}: {
  blocks: readonly Block[];
  headingLevel?: HeadingLevel;
}) {
  const Heading = `h${String(headingLevel)}` as 'h3' | 'h4' | 'h5';
  return (
    <div className="flex max-w-prose flex-col gap-3 leading-relaxed" data-slot="rich-text">
      {blocks.map((block, index) => {
        const key = `${block.kind}-${String(index)}`;
        switch (block.kind) {
          case 'p':
            return (
              <p key={key}>
                <RichLine line={block.line} />
              </p>
            );
          case 'h':
            return (
              <Heading key={key} className="mt-2 text-lg font-semibold">
                {block.text}
              </Heading>
            );
          case 'ul':
          case 'ol': {
            const List = block.kind;
            return (
              <List
                key={key}
                className={
                  block.kind === 'ul'
                    ? 'flex list-disc flex-col gap-1.5 ps-6'
                    : 'flex list-decimal flex-col gap-1.5 ps-6'
                }
              >
                {block.items.map((item) => (
                  <li key={lineToText(item)}>
                    <RichLine line={item} />
                  </li>
                ))}
              </List>
            );
          }
          case 'dl':
            return (
              <dl key={key} className="grid gap-x-4 gap-y-1.5 sm:grid-cols-[max-content_1fr]">
                {block.entries.map((entry) => (
                  <div key={entry.term} className="contents">
                    <dt className="font-semibold">{entry.term}</dt>
                    <dd className="mb-2 break-words sm:mb-0">
                      <RichLine line={entry.line} />
                    </dd>
                  </div>
                ))}
              </dl>
            );
        }
      })}
    </div>
  );
}
