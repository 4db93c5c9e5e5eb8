import { addCalendarMonths, formatDate } from '../format/date';
import { ruleSource } from '../rules/sources';
import { RULES } from '../rules/table';
import type { BankAnswerDeadline, BankAnswerTerm } from './case';

// Apart from the case's schemas: these cite the legal source of the bank's term, and the client's
// screens, which only read the answers, must not download every source of the rule table.

/** `RULES.bank.answerMonths` with its legal source. */
export function bankAnswerTerm(): BankAnswerTerm {
  return { plazoMeses: RULES.bank.answerMonths, fuente: ruleSource('bank.answerMonths') };
}

/**
 * The day by which the bank must answer an application presented on `presentedOn` (an ISO day):
 * `RULES.bank.answerMonths` calendar months from that day, date to date (the last day of the
 * month when it has no such day), with the rule's legal source. The term runs from the
 * presentation to the bank, not from the client's sending to the firm
 * (docs/decisions/0542-bank-deadline-from-presentation.md).
 */
export function bankAnswerDeadline(presentedOn: string): BankAnswerDeadline {
  const term = bankAnswerTerm();
  return {
    ...term,
    presentadoEl: presentedOn,
    fechaLimite: addCalendarMonths(presentedOn, term.plazoMeses),
  };
}

function monthsInWords(months: number): string {
  return months === 1 ? 'un mes' : `${String(months)} meses`;
}

/** A phase's time estimate, and the legal source when the law sets it. */
export interface PhaseEstimate {
  readonly estimacion: string;
  readonly fuente: string | null;
}

/**
 * The estimate a phase shows, one rule for every screen and e-mail: in a phase whose next step
 * is the bank's answer (`RULES.caseFile.bankAnswerPhases`) it is the bank's legal term, from
 * the day the firm presents the application (`presentedOn`, once known: the day by which the
 * bank must answer), with its source; in any other phase it is the firm's own estimate.
 */
export function phaseEstimate(
  phaseId: string,
  firmEstimate: string,
  presentedOn: string | null = null,
): PhaseEstimate {
  if (!(RULES.caseFile.bankAnswerPhases as readonly string[]).includes(phaseId)) {
    return { estimacion: firmEstimate, fuente: null };
  }
  const term = bankAnswerTerm();
  return {
    estimacion:
      presentedOn === null
        ? `Hasta ${monthsInWords(term.plazoMeses)} desde que presentemos tu solicitud a tu banco`
        : `Tu banco debe responder antes del ${formatDate(bankAnswerDeadline(presentedOn).fechaLimite)}`,
    fuente: term.fuente,
  };
}
