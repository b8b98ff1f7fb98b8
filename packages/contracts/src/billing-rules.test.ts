import { describe, expect, it } from 'vitest';
import { billingCodeRuleInput } from './billing-rules.ts';
import { dollarsToCents, formatCents } from './money.ts';

describe('money as dollars and integer cents', () => {
  it('reads dollars typed by people into cents', () => {
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents('$1,234.56')).toBe(123456);
    expect(dollarsToCents('0.07')).toBe(7);
    expect(dollarsToCents('7')).toBe(700);
    expect(dollarsToCents('1.234')).toBeNull();
    expect(dollarsToCents('-1')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
  });
  it('shows cents as dollars with cents', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(7)).toBe('$0.07');
    expect(formatCents(0)).toBe('$0.00');
  });
});

describe('billingCodeRuleInput', () => {
  const valid = {
    billingCode: 'or526',
    modifier: 'ze',
    allowedCaregiverTypes: ['DSP_CARE'],
    rateCents: 1234,
    unitMeasure: 'units_15min',
    effectiveDate: '2026-01-01',
  };
  it('upper-cases code and modifier and defaults the expiration to open', () => {
    const parsed = billingCodeRuleInput.parse(valid);
    expect(parsed).toMatchObject({ billingCode: 'OR526', modifier: 'ZE', expirationDate: null });
  });
  it('names the field of bad input', () => {
    const result = billingCodeRuleInput.safeParse({
      ...valid,
      rateCents: 12.5,
      expirationDate: '2025-01-01',
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toContain('rateCents');
    const dates = billingCodeRuleInput.safeParse({ ...valid, expirationDate: '2025-12-31' });
    expect(dates.error?.issues[0]?.path).toEqual(['expirationDate']);
    expect(billingCodeRuleInput.safeParse({ ...valid, allowedCaregiverTypes: [] }).success).toBe(false);
  });
});
