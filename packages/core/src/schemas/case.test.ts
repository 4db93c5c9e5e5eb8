import { describe, expect, it } from 'vitest';
import { RULES, ruleSource } from '../rules';
import { bankAnswerDeadline, bankAnswerDeadlineSchema } from './case';

describe('bankAnswerDeadline', () => {
  it('counts the bank’s month from the day the file was sent in Spain, date to date', () => {
    expect(bankAnswerDeadline(new Date('2026-11-26T10:00:00Z'))).toEqual({
      enviadoEl: '2026-11-26T10:00:00.000Z',
      fechaLimite: '2026-12-26',
      plazoMeses: RULES.bank.answerMonths,
      fuente: ruleSource('bank.answerMonths'),
    });
  });

  it('ends on the last day of a shorter month: 31 January gives 28 February (29 in a leap year)', () => {
    expect(bankAnswerDeadline(new Date('2027-01-31T12:00:00Z')).fechaLimite).toBe('2027-02-28');
    expect(bankAnswerDeadline(new Date('2028-01-31T12:00:00Z')).fechaLimite).toBe('2028-02-29');
    expect(bankAnswerDeadline(new Date('2026-03-31T08:00:00Z')).fechaLimite).toBe('2026-04-30');
  });

  it('takes the day in Madrid, not in UTC', () => {
    // 23:30 UTC on 30 January is already 31 January in Madrid.
    expect(bankAnswerDeadline(new Date('2027-01-30T23:30:00Z')).fechaLimite).toBe('2027-02-28');
    // 22:30 UTC on 30 June is already 1 July in Madrid (summer time).
    expect(bankAnswerDeadline(new Date('2026-06-30T22:30:00Z')).fechaLimite).toBe('2026-08-01');
  });

  it('names the legal source of the term and fits the status screen’s schema', () => {
    const deadline = bankAnswerDeadline(new Date('2026-11-26T10:00:00Z'));
    expect(deadline.fuente).toContain('Real Decreto-ley 6/2012');
    expect(bankAnswerDeadlineSchema.parse(deadline)).toEqual(deadline);
  });
});
