/**
 * The email variant: only what the email include flags choose, in caregiver order, every naughty string escaped,
 * inline styles only, and nothing naming the client when nothing is chosen.
 */
import { describe, expect, it } from 'vitest';
import { blns } from '../../../../test/fixtures.ts';
import { allOff, allOn, document, protocol, seizures } from './export.test-support.ts';
import { escapeHtml, renderProtocolsEmailHtml } from './protocols-email.ts';

/** The HTML's text: tags removed, entities decoded (the five the renderer writes). */
function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '\n')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('renderProtocolsEmailHtml', () => {
  it('names no one and holds no health information when no email flag is on (the default)', () => {
    const email = renderProtocolsEmailHtml(document([seizures, protocol()]));
    expect(email.subject).toBe('Risk protocols from Willamette Care');
    for (const body of [email.html, email.text]) {
      expect(body).not.toContain('Ana');
      expect(body).not.toContain('Seizures');
      expect(body).not.toContain('Choking');
      expect(body).not.toContain('SERIOUS');
    }
    expect(email.text).toBe(
      'Risk protocols were updated for a person you support. Sign in to Tend to read them.\n',
    );
  });

  it('shows only the chosen sections, serious risks first, and counts the protocols left out', () => {
    const choking = protocol({
      sortOrder: 0,
      includeEmail: { ...allOff, prevention: true },
    });
    const falls = protocol({ riskType: 'Falls', sortOrder: 1, includeEmail: allOff });
    const seizure = { ...seizures, sortOrder: 2, includeEmail: { ...allOff, emergency: true } };
    const email = renderProtocolsEmailHtml(document([choking, falls, seizure]));
    const text = email.text;
    expect(email.subject).toBe('Risk protocols from Willamette Care');
    expect(text).toContain('Risk protocols — Ana María Núñez');
    expect(text.indexOf('SEIZURES')).toBeLessThan(text.indexOf('CHOKING'));
    expect(text).toContain('SERIOUS RISK · MAR');
    expect(text).toContain('Emergency:\nIf she cannot breathe, give abdominal thrusts and call 911.');
    expect(text).toContain('Prevention and supports:\nCut food into bite-size pieces.');
    expect(text).toContain('- More than 2 seizures in 24 hours');
    expect(text).toContain('1. Time the seizure.');
    expect(text).not.toContain('Eats quickly'); // choking's description is not chosen for email
    expect(text).not.toContain('If coughing'); // nor its response
    expect(text).not.toContain('FALLS');
    expect(text).toContain('1 more protocol is in the caregiver document in Tend.');
    const html = htmlText(email.html);
    expect(html.indexOf('Seizures')).toBeLessThan(html.indexOf('Choking'));
    expect(html).toContain('SERIOUS RISK');
    expect(html).not.toContain('Eats quickly');
    expect(html).not.toContain('Falls');
  });

  it('writes a complete HTML document with inline styles only', () => {
    const email = renderProtocolsEmailHtml(
      document([{ ...seizures, includeEmail: allOn }], { locale: 'es' }),
    );
    expect(email.html.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
    expect(email.html).not.toMatch(/<style|<link|<script|<img|class=|https?:/i);
    expect(email.subject).toBe('Protocolos de riesgo de Willamette Care');
    expect(email.text).toContain('RIESGO GRAVE · MAR');
    expect(email.text).toContain('Plan de apoyo individual: del 1 de marzo de 2026 al 28 de febrero de 2027');
    expect(email.text).toContain('Este mensaje contiene información de salud. No lo reenvíe.');
  });

  it('escapes every naughty string, in every field a person writes', () => {
    const protocols = blns.map((value, index) =>
      protocol({
        riskType: value,
        description: value,
        escalationSteps: [value],
        author: value,
        sortOrder: index,
        includeEmail: allOn,
      }),
    );
    const email = renderProtocolsEmailHtml(
      document(protocols, { client: { name: blns[200] ?? '' }, agencyName: '<b>x</b>' }),
    );
    // No markup but the renderer's own: every tag is one of the few it writes, every attribute a style or dir.
    const tags = email.html.match(/<[^>]*>/g) ?? [];
    for (const tag of tags) {
      expect(tag).toMatch(
        /^<(!DOCTYPE html|html lang="en"|head|meta charset="utf-8"|meta name="viewport" content="width=device-width, initial-scale=1"|title|body style="[^"<>]*"|div style="[^"<>]*"|h[123] style="[^"<>]*"( dir="auto")?|p style="[^"<>]*"( dir="auto")?|span style="[^"<>]*"|[ou]l style="[^"<>]*"|li dir="auto"|\/(html|head|title|body|div|h[123]|p|span|[ou]l|li))>$/,
      );
    }
    expect(email.subject).toBe('Risk protocols from <b>x</b>');
    expect(email.html).toContain('&lt;b&gt;x&lt;/b&gt;');
    const visible = htmlText(email.html);
    for (const value of blns) {
      const line = value
        .replace(/\p{Cc}/gu, '')
        .replace(/[\u202A-\u202E\u2066-\u2069]/g, '')
        .normalize('NFC');
      const firstWord = line.trim().split(/\s+/)[0] ?? '';
      if (firstWord) expect(visible).toContain(firstWord);
    }
  });

  it('escapes the five characters that matter in HTML', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
