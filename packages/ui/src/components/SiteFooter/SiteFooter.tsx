import PhoneDrawing from 'lucide/dist/esm/icons/phone.mjs';
import type * as React from 'react';

import { cn } from '../../lib/cn';
import { SiteLink, telHref, type LinkItem, type RenderLink } from '../SiteLink';
import { icon } from '../../lib/icon';
import { linkVariants } from '../TextLink';

const Phone = icon(PhoneDrawing);

export interface FooterColumn {
  /** The column's heading: 'Producto', 'Empresa', 'Legal'. */
  title: string;
  links: readonly LinkItem[];
}

type HeadingLevel = 2 | 3 | 4;

export interface SiteFooterProps extends React.ComponentProps<'footer'> {
  /** Three columns in the public site: Producto, Empresa and Legal. */
  columns: readonly FooterColumn[];
  /** The firm's name, for the copyright line. */
  firmName: string;
  /** Year of the copyright line; pass it so the page renders the same on server and client. */
  year: number;
  /** The firm's phone number as people write it ('900 123 456'); shown as a call link. */
  phone?: string | undefined;
  /** Words before the number in the call link. */
  phoneLabel?: string;
  /** Optional brand block (logo, one line about the firm) above the phone. */
  brand?: React.ReactNode;
  /** Replaces the default copyright sentence. */
  copyright?: React.ReactNode;
  renderLink?: RenderLink | undefined;
  /** Level of the column headings in the page's outline. */
  headingLevel?: HeadingLevel;
}

/** The public site's footer: brand and phone, three columns of links and the copyright line. */
export function SiteFooter({
  columns,
  firmName,
  year,
  phone,
  phoneLabel = 'Llámanos:',
  brand,
  copyright,
  renderLink,
  headingLevel = 2,
  className,
  ...props
}: SiteFooterProps) {
  const Heading = `h${headingLevel}` as const;
  const hasContact = Boolean(brand) || Boolean(phone);
  const linkClasses = cn(linkVariants({ variant: 'inverse' }), 'inline-flex min-h-11 items-center');

  return (
    <footer
      data-slot="site-footer"
      className={cn('bg-primary text-primary-foreground', className)}
      {...props}
    >
      <div
        className={cn(
          'mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-2 lg:px-8',
          hasContact ? 'lg:grid-cols-4' : 'lg:grid-cols-3',
        )}
      >
        {hasContact ? (
          <div data-slot="site-footer-contact" className="flex flex-col gap-4">
            {brand ? <div data-slot="site-footer-brand">{brand}</div> : null}
            {phone ? (
              <a
                data-slot="site-footer-phone"
                href={telHref(phone)}
                className={cn(linkClasses, 'gap-2 self-start text-lg font-semibold')}
              >
                <Phone aria-hidden="true" focusable="false" />
                <span>
                  {phoneLabel} <span className="whitespace-nowrap">{phone}</span>
                </span>
              </a>
            ) : null}
          </div>
        ) : null}
        {columns.map((column) => (
          <div key={column.title} data-slot="site-footer-column" className="flex flex-col gap-2">
            <Heading className="text-lg font-bold">{column.title}</Heading>
            <ul className="flex flex-col">
              {column.links.map((link) => (
                <li key={link.href}>
                  <SiteLink
                    data-slot="site-footer-link"
                    href={link.href}
                    renderLink={renderLink}
                    className={linkClasses}
                  >
                    {link.label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-primary-foreground/30">
        <p
          data-slot="site-footer-copyright"
          className="mx-auto max-w-7xl px-4 py-6 text-sm lg:px-8"
        >
          {copyright ?? defaultCopyright(year, firmName)}
        </p>
      </div>
    </footer>
  );
}

function defaultCopyright(year: number, firmName: string): string {
  // 'Abogados CBP S.L.' already ends the sentence.
  const sentenceEnd = firmName.endsWith('.') ? '' : '.';
  return `© ${String(year)} ${firmName}${sentenceEnd} Todos los derechos reservados.`;
}
