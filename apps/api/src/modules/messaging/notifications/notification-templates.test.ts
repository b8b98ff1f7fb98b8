/** The notification catalogues: same keys in both languages; no placeholder that could carry content or a name. */
import { describe, expect, it } from 'vitest';
import {
  notificationCatalogues,
  renderNotification,
  renderNotificationEmail,
} from './notification-templates.ts';

describe('notification templates', () => {
  it('has the same keys in English and Spanish', () => {
    expect(Object.keys(notificationCatalogues.es).sort()).toEqual(
      Object.keys(notificationCatalogues.en).sort(),
    );
  });
  it('fills in only links, counts and numbers', () => {
    const allowed = new Set(['link', 'settingsLink', 'minutes', 'days', 'count']);
    for (const catalogue of Object.values(notificationCatalogues))
      for (const template of Object.values(catalogue))
        for (const [, name] of template.matchAll(/\{(\w+)\s*[,}]/g)) expect(allowed, name).toContain(name);
  });
  it('renders in the language asked, English when none', () => {
    const values = { link: 'https://x/t', settingsLink: 'https://x/p', minutes: 15 };
    expect(renderNotificationEmail('es', 'newMessage', values).subject).toBe(
      'Tiene un mensaje nuevo en Tend',
    );
    expect(renderNotificationEmail(null, 'newMessage', values).text).toContain('https://x/t');
    expect(
      renderNotification('en', 'profileReminder.email.text', { count: 1, link: 'l', settingsLink: 's' }),
    ).toContain('missing 1 thing');
  });
});
