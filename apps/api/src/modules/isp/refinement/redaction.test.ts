/**
 * Redaction before text leaves Tend for the optional AI refinement: names (given and found in the text), emails,
 * phones, addresses, dates, Medicaid ids and long digit runs become placeholders; measurements stay; the answer is
 * restored exactly.
 */
import { describe, expect, it } from 'vitest';
import { createRedactor, namesInText } from './redaction.ts';

const isp = [
  'Individual: Casey Client   DOB: 04/12/1988   Medicaid ID: AB12345C',
  'Guardian: Maria Lopez-García, phone (503) 555-0142, maria.lopez@example.org',
  'Address: 1420 Maple Street, Apt 3, Salem OR 97301',
  'Caregiver: Sam O’Neil. Case manager: Jordan Pike',
  'Risk: Seizures (SERIOUS RISK). Casey has more than 2 seizures in 24 hours; fluids below 64 oz by 2 pm.',
  'Call the nurse at 503.555.0199 ext 12 if CASEY has a temperature above 100.4°F. The client rests.',
  'Written by Dana Reyes, RN on January 15, 2026. Dr. Ortiz reviewed it. Record 123456789.',
].join('\n');

describe('createRedactor', () => {
  it('replaces every identifier of the test ISP and keeps the measurements', () => {
    const redactor = createRedactor(['Casey Client'], ['AB12345C']);
    const redacted = redactor.redact(isp);
    for (const phi of [
      'Casey',
      'CASEY',
      'Client Casey',
      'Maria',
      'Lopez',
      'García',
      '555-0142',
      '555.0199',
      'example.org',
      '1420 Maple',
      '97301',
      '04/12/1988',
      'AB12345C',
      'O’Neil',
      'Jordan',
      'Pike',
      'Dana',
      'Reyes',
      'Ortiz',
      'January 15, 2026',
      '123456789',
    ])
      expect(redacted, phi).not.toContain(phi);
    for (const kept of [
      'more than 2 seizures in 24 hours',
      '64 oz by 2 pm',
      '100.4°F',
      'The client rests',
      'RN',
    ])
      expect(redacted).toContain(kept);
    expect(redacted).toMatch(/\[PERSON_\d+\] has more than 2 seizures/);
    expect(redacted).toContain('[PHONE_');
    expect(redacted).toContain('[EMAIL_1]');
    expect(redacted).toContain('[ADDRESS_1]');
    expect(redacted).toContain('[DATE_');
    expect(redacted).toContain('[ID_1]');
    expect(redacted).toContain('[NUMBER_');
    const counts = redactor.counts();
    expect(counts.PERSON).toBeGreaterThanOrEqual(6);
    expect(counts.PHONE).toBe(2);
  });

  it('restores the answer exactly, one placeholder per written form', () => {
    const redactor = createRedactor(['Casey Client']);
    const text = 'Sit with Casey during meals. Casey Client eats fast. Call Dana Reyes, RN.';
    const redacted = redactor.redact(text);
    expect(redacted).not.toMatch(/Casey|Dana|Reyes/);
    expect(redactor.restore(redacted)).toBe(text);
    // The same value always gets the same placeholder, across texts.
    expect(redactor.redact('Casey')).toBe(redactor.redact('Casey'));
    expect(redactor.unknownPlaceholders('[PERSON_1] and [PERSON_99]')).toEqual(['[PERSON_99]']);
  });

  it('finds names after labels, before credentials and after titles', () => {
    expect(namesInText('Guardian: Maria Lopez\nWritten by Dana Reyes, RN. Dr. Ortiz agreed.')).toEqual(
      expect.arrayContaining(['Maria Lopez', 'Dana Reyes', 'Ortiz']),
    );
    expect(namesInText('Guardian: None. Call the nurse if needed.')).toEqual([]);
  });
});

describe('names the text gives without a label', () => {
  it('learns a name before a date of birth and a name beside a known surname', () => {
    const redactor = createRedactor();
    const text =
      'Description: Jamie Rivera (DOB 02/03/1990) eats quickly. Guardian: Pat Rivera. Sit with Jamie. Lee Ann Rivera visits. The Risk Identification Tool applies.';
    const redacted = redactor.redact(text);
    for (const phi of ['Jamie', 'Rivera', 'Pat', 'Lee', 'Ann', '02/03/1990'])
      expect(redacted, phi).not.toContain(phi);
    expect(redacted).toContain('The Risk Identification Tool applies.');
    expect(redacted).toMatch(/^Description: \[PERSON_\d+\]/);
    expect(redactor.restore(redacted)).toBe(text);
  });
});
