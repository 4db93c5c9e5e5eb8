import { describe, expect, it } from 'vitest';
import { RULES } from '../rules';
import { retrievalDocumentModels, retrievalTaxYears } from './retrieval';

describe('tax years asked for with the Cl@ve PIN', () => {
  it('asks in November 2026 for 2025 to 2022: the 2025 return was filed by 30 June 2026', () => {
    expect(retrievalTaxYears('2026-11-25')).toEqual([2025, 2024, 2023, 2022]);
  });

  it('still asks for 2024 to 2021 while the campaign for 2025 is open, its last day included', () => {
    expect(retrievalTaxYears('2026-04-02')).toEqual([2024, 2023, 2022, 2021]);
    expect(retrievalTaxYears('2026-06-30')).toEqual([2024, 2023, 2022, 2021]);
    expect(retrievalTaxYears('2026-01-01')).toEqual([2024, 2023, 2022, 2021]);
  });

  it('moves on the day after the campaign ends', () => {
    expect(retrievalTaxYears('2026-07-01')).toEqual([2025, 2024, 2023, 2022]);
    expect(retrievalTaxYears('2026-12-31')).toEqual([2025, 2024, 2023, 2022]);
  });

  it('takes the campaign end and the number of years from the rule table', () => {
    expect(RULES.retrieval.irpfCampaignEnd).toBe('06-30');
    expect(retrievalTaxYears('2030-08-15')).toHaveLength(RULES.retrieval.taxYearsCount);
  });

  it('refuses a date it cannot read', () => {
    expect(() => retrievalTaxYears('25/11/2026')).toThrow(RangeError);
  });

  it('asks for each yearly model per year, newest first, then the social-security certificate', () => {
    expect(retrievalDocumentModels('2026-11-25')).toEqual([
      { model: 'HACIENDA_RENTA', year: 2025 },
      { model: 'HACIENDA_RENTA', year: 2024 },
      { model: 'HACIENDA_RENTA', year: 2023 },
      { model: 'HACIENDA_RENTA', year: 2022 },
      { model: 'AEAT_CERT_IRPF', year: 2025 },
      { model: 'AEAT_CERT_IRPF', year: 2024 },
      { model: 'AEAT_CERT_IRPF', year: 2023 },
      { model: 'AEAT_CERT_IRPF', year: 2022 },
      { model: 'SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES' },
    ]);
  });
});
