import { CookieSettingsButton } from '../../lib/consent/CookieSettingsButton';
import { LEGAL_NOTICE } from './aviso-legal';
import { TERMS } from './condiciones-generales';
import { LegalAccordion } from './LegalDocument';

/**
 * The legal texts read in sections that open and close: islands of their pages
 * (lib/islands/registry.ts). The legal notice's cookies section ends with the button that
 * reopens the settings.
 */
export function LegalNoticeAccordion() {
  return <LegalAccordion text={LEGAL_NOTICE} extras={{ cookies: <CookieSettingsButton /> }} />;
}

export function TermsAccordion() {
  return <LegalAccordion text={TERMS} />;
}
