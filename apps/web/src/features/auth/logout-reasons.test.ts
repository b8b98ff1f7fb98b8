import { describe, expect, it } from 'vitest';
import { logoutReasons } from '@tend/contracts';
import { englishMessages } from '../../i18n/catalogues.ts';
import { spanishMessages } from '../../i18n/catalogue-es.ts';
import { logoutReasonMessageId } from './logout-reasons.ts';

describe('logoutReasonMessageId', () => {
  it('has words in both languages for every logout reason of the contracts (spec s.8)', () => {
    for (const reason of logoutReasons) {
      const id = logoutReasonMessageId(reason) as string;
      expect((englishMessages as Record<string, string>)[id], reason).toMatch(/\w+/);
      expect(spanishMessages[id], reason).toMatch(/\w+/);
    }
  });

  it('ignores a missing or unknown reason', () => {
    expect(logoutReasonMessageId(null)).toBeNull();
    expect(logoutReasonMessageId('<script>')).toBeNull();
    expect(logoutReasonMessageId('constructor')).toBeNull();
  });
});
