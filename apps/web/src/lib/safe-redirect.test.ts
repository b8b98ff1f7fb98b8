import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect.ts';

const origin = 'https://tend.example.org';

describe('safeRedirectPath', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(safeRedirectPath('/admin/users?role=ADMIN#top', origin)).toBe('/admin/users?role=ADMIN#top');
  });

  it.each([
    ['empty', ''],
    ['missing', null],
    ['absolute URL', 'https://evil.example/x'],
    ['protocol-relative', '//evil.example/x'],
    ['backslash trick', '/\\evil.example'],
    ['relative path', 'admin'],
    ['javascript URL', 'javascript:alert(1)'],
    ['control characters', '/admin\n//evil'],
    ['the login page itself', '/login?redirect=/admin'],
  ])('refuses %s', (_label, value) => {
    expect(safeRedirectPath(value, origin)).toBeNull();
  });
});
