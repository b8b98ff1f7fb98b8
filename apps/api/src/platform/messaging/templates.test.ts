/**
 * The email and SMS catalogues (templates/en.json, templates/es.json; decision 0042): the same keys in every
 * language, every message parses as ICU and renders with its values, plurals and dates in the agency time zone.
 */
import { describe, expect, it } from 'vitest';
import { locales } from '@tend/contracts/locale';
import { renderEmail, renderSms, renderTemplate, templateCatalogues, type TemplateKey } from './templates.ts';

/** Values for every placeholder any template names. */
const allValues = {
  code: '123456',
  minutes: 5,
  hours: 24,
  days: 7,
  link: 'https://tend.example.org/confirm?type=invite&token=t',
  firstName: 'Ana',
  role: 'CAREGIVER',
  expires: new Date('2026-12-03T20:30:00Z'),
  newEmail: 'new@example.org',
  count: 2,
};

describe('message templates', () => {
  it('has the same keys in English and Spanish', () => {
    const english = Object.keys(templateCatalogues.en).sort();
    for (const locale of locales) {
      expect(Object.keys(templateCatalogues[locale]).sort(), locale).toEqual(english);
    }
  });

  it('renders every template in every language with its values filled in', () => {
    for (const locale of locales) {
      for (const key of Object.keys(templateCatalogues.en) as TemplateKey[]) {
        const text = renderTemplate(locale, key, allValues);
        expect(text, `${locale} ${key}`).not.toMatch(/[{}]/);
        expect(text.length).toBeGreaterThan(10);
      }
    }
  });

  it('writes the SMS code in Spanish, in the usted form, with an ICU plural', () => {
    expect(renderSms('es', 'signInCode', { code: '482913', minutes: 5 })).toBe(
      'Su código de Tend es 482913. Funciona una sola vez, durante 5 minutos. Si usted no lo pidió, no haga caso a este mensaje.',
    );
    expect(renderSms('es', 'signInCode', { code: '482913', minutes: 1 })).toContain('durante 1 minuto.');
    expect(renderSms('en', 'signInCode', { code: '482913', minutes: 1 })).toContain('for 1 minute.');
  });

  it('writes dates in the agency time zone and the language of the message', () => {
    const values = { ...allValues, expires: new Date('2026-12-04T02:30:00Z') };
    const spanish = renderEmail('es', 'invitation', values, 'America/Los_Angeles').text;
    expect(spanish).toContain('hasta el 3 de diciembre de 2026');
    expect(spanish).toContain('proveedor de apoyo directo');
    const english = renderEmail('en', 'invitation', values, 'America/Los_Angeles').text;
    expect(english).toContain('until December 3, 2026 at 6:30');
    expect(english).toContain('PST');
  });

  it('writes an email for an unknown language in English, then Spanish', () => {
    const email = renderEmail('bilingual', 'invitation', { ...allValues, firstName: 'none' });
    expect(email.subject).toBe('You are invited to Tend / Le invitamos a Tend');
    expect(email.text.indexOf('Hello,')).toBeLessThan(email.text.indexOf('Hola:'));
    expect(email.text).toContain('— Español —');
  });

  it('throws when a value the template names is missing', () => {
    expect(() => renderTemplate('es', 'signInCode.sms', { minutes: 5 })).toThrow();
  });
});
