/** The session warning's screen-reader status (docs/accessibility.md): minutes in words, activity noticed. */
import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { englishMessages } from '../../../i18n/catalogues.ts';
import { warningAnnouncement } from './session-warning-dialog.tsx';

const intl = createIntl({ locale: 'en', messages: englishMessages });

describe('warningAnnouncement', () => {
  it('says the inactivity countdown in minutes, not seconds', () => {
    const warning = { type: 'inactivity', status: 'shown', graceEndsAt: null } as const;
    expect(warningAnnouncement(intl, warning, 4 * 60_000 + 59_000)).toBe(
      'Your session will end in about 5 minutes because of inactivity.',
    );
    expect(warningAnnouncement(intl, warning, 4 * 60_000 + 58_000)).toBe(
      warningAnnouncement(intl, warning, 4 * 60_000 + 1),
    );
    expect(warningAnnouncement(intl, warning, 30_000)).toBe(
      'Your session will end in less than a minute because of inactivity.',
    );
  });

  it('says when activity was noticed, and the absolute limit', () => {
    expect(
      warningAnnouncement(intl, { type: 'inactivity', status: 'activity', graceEndsAt: 1 }, 60_000),
    ).toBe('Activity noticed: your session continues.');
    expect(warningAnnouncement(intl, { type: 'absolute', status: 'shown', graceEndsAt: null }, 120_000)).toBe(
      'Your session ends in about 2 minutes.',
    );
    expect(warningAnnouncement(intl, { type: 'absolute', status: 'shown', graceEndsAt: null }, 60_000)).toBe(
      'Your session ends in about 1 minute.',
    );
  });
});
