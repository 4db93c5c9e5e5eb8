import { describe, expect, it } from 'vitest';
import { RULES, ruleSource } from '../rules';
import { bankAnswerDeadline, bankAnswerTerm, phaseEstimate } from './bank-answer';
import { bankAnswerDeadlineSchema } from './case';
import { submissionPresentationRequestSchema } from './submission';

describe('bankAnswerDeadline', () => {
  it('counts the bank’s month from the day the firm presented the application, date to date', () => {
    expect(bankAnswerDeadline('2026-11-26')).toEqual({
      presentadoEl: '2026-11-26',
      fechaLimite: '2026-12-26',
      plazoMeses: RULES.bank.answerMonths,
      fuente: ruleSource('bank.answerMonths'),
    });
  });

  it('ends on the last day of a shorter month: 31 January gives 28 February (29 in a leap year)', () => {
    expect(bankAnswerDeadline('2027-01-31').fechaLimite).toBe('2027-02-28');
    expect(bankAnswerDeadline('2028-01-31').fechaLimite).toBe('2028-02-29');
    expect(bankAnswerDeadline('2026-03-31').fechaLimite).toBe('2026-04-30');
    expect(bankAnswerDeadline('2026-12-15').fechaLimite).toBe('2027-01-15');
  });

  it('refuses what is not a calendar day rather than inventing a date', () => {
    expect(() => bankAnswerDeadline('2027-02-30')).toThrow(RangeError);
  });

  it('names the legal source of the term and fits the status screen’s schema', () => {
    const deadline = bankAnswerDeadline('2026-11-26');
    expect(deadline.fuente).toContain('Real Decreto-ley 6/2012');
    expect(bankAnswerTerm()).toEqual({
      plazoMeses: deadline.plazoMeses,
      fuente: deadline.fuente,
    });
    expect(bankAnswerDeadlineSchema.parse(deadline)).toEqual(deadline);
  });
});

describe('a phase’s time estimate', () => {
  it('is the bank’s legal month, with its source, in the phase whose next step is the bank’s answer', () => {
    expect(phaseEstimate('envio-banco', '2-3 días hábiles')).toEqual({
      estimacion: 'Hasta un mes desde que presentemos tu solicitud a tu banco',
      fuente: ruleSource('bank.answerMonths'),
    });
  });

  it('gives the day the bank must answer by once the firm presented the application', () => {
    expect(phaseEstimate('envio-banco', '2-3 días hábiles', '2026-11-26')).toEqual({
      estimacion: 'Tu banco debe responder antes del 26/12/2026',
      fuente: ruleSource('bank.answerMonths'),
    });
  });

  it('is the firm’s own estimate in phases of the firm’s work', () => {
    expect(phaseEstimate('revision-documentacion', '5-7 días hábiles')).toEqual({
      estimacion: '5-7 días hábiles',
      fuente: null,
    });
  });
});

describe('the presentation day staff record', () => {
  const read = (body: unknown) => submissionPresentationRequestSchema.safeParse(body);
  const message = (body: unknown) => read(body).error?.issues[0]?.message;

  it('is one calendar day and nothing else', () => {
    expect(read({ fecha: '2028-02-29' }).success).toBe(true);
    expect(message({})).toBe('Indica la fecha de presentación al banco');
    expect(message({ fecha: '' })).toBe('Indica la fecha de presentación al banco');
    expect(message({ fecha: '2027-02-29' })).toBe('La fecha de presentación no es válida');
    expect(message({ fecha: '29/01/2027' })).toBe('La fecha de presentación no es válida');
    expect(message({ fecha: '2027-01-29', nota: 'x' })).toBe('Campo no permitido: nota');
  });
});
