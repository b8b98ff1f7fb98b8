import { describe, expect, it } from 'vitest';
import { checkContactDetails, contactFlagsOf } from './contact-check.ts';

describe('contactFlagsOf (issue 22 safe first contact)', () => {
  it('finds phone numbers however they are written', () => {
    for (const text of [
      'Call me at (555) 123-4567 tomorrow',
      'my cell is 555.123.4567',
      'Mi número es +1 305 555 0199',
      'text 5 5 5 1 2 3 4 5 6 7',
      'WhatsApp +52 55 1234 5678',
    ])
      expect(contactFlagsOf(text), text).toContain('phone');
  });

  it('finds email addresses, also spelled out', () => {
    for (const text of [
      'write to maria.nunez@gmail.com',
      'escríbeme a rosa_diaz@hotmail.es',
      'maria at gmail dot com',
      'ana (at) yahoo (dot) com',
    ])
      expect(contactFlagsOf(text), text).toContain('email');
  });

  it('finds requests for money outside the platform in English and Spanish', () => {
    for (const text of [
      'Can you send it by Zelle?',
      'I only take Venmo',
      'my cashapp is $rosa55',
      'Please buy two gift cards first',
      'Pay me cash only',
      'Necesito que me mandes dinero por adelantado',
      'Solo acepto efectivo solamente',
      'Hazme una transferencia bancaria',
      'Envía tarjetas de regalo',
      'a wire transfer works',
    ])
      expect(contactFlagsOf(text), text).toContain('cash');
  });

  it('leaves ordinary messages alone', () => {
    for (const text of [
      'Hello María, are you free on Mondays from 9 to 5?',
      'My mother is 87 and needs help 3 days a week.',
      'Hola, ¿puede cuidar a mi padre los martes?',
      'I have 12 years of experience and CPR certification.',
      'We live near 5th street, apartment 4.',
      'The cash register at the pharmacy is slow',
    ])
      expect(contactFlagsOf(text), text).toEqual([]);
  });

  it('names every flag found, in order', () => {
    expect(contactFlagsOf('Zelle me, email ana@example.com or call 305-555-0199')).toEqual([
      'phone',
      'email',
      'cash',
    ]);
  });
});

describe('checkContactDetails', () => {
  it('refuses flagged words with CONTACT_DETAILS naming them, unless confirmed', () => {
    expect(() => checkContactDetails('call 305-555-0199', false)).toThrow(
      expect.objectContaining({
        code: 'CONTACT_DETAILS',
        errors: [{ path: 'content', message: 'phone' }],
      }),
    );
    expect(checkContactDetails('call 305-555-0199', true)).toEqual(['phone']);
    expect(checkContactDetails('See you Monday', false)).toEqual([]);
  });
});
