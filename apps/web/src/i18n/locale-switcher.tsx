/**
 * The language switch shown on every page a caregiver or family member can open (decision 0042): a button named,
 * in its own language, for the language it switches to ("Español" on an English page, "English" on a Spanish
 * one), marked with that `lang` so a screen reader pronounces it right.
 */
import { Button, type ButtonProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { localeNames } from '@tend/contracts/locale';
import { useLocale } from './i18n-provider.tsx';

export function LocaleSwitcher(props: Omit<ButtonProps, 'children' | 'onClick'>) {
  const { locale, setLocale } = useLocale();
  const other = locale === 'en' ? 'es' : 'en';
  return (
    <Button
      variant="subtle"
      size="sm"
      leftSection={<IconLanguage size={16} aria-hidden />}
      {...props}
      lang={other}
      data-testid="locale-switcher"
      onClick={() => setLocale(other)}
    >
      {localeNames[other]}
    </Button>
  );
}
