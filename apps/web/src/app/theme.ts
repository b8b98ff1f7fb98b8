/**
 * Tend's Mantine theme (spec s.9 "Default theme: primary green, gray cool"). Mantine's own gray is a
 * neutral gray; "cool" gray is the blue-tinted scale (Tailwind's cool gray, 50..900), which replaces
 * Mantine's `gray` tuple so every component that uses gray (borders, dimmed text, hover) turns cool.
 */
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

export const coolGray: MantineColorsTuple = [
  '#f9fafb',
  '#f3f4f6',
  '#e5e7eb',
  '#d1d5db',
  '#9ca3af',
  '#6b7280',
  '#4b5563',
  '#374151',
  '#1f2937',
  '#111827',
];

/**
 * Mantine's green with its two darkest shades moved one step darker: Mantine's own filled green
 * (#2f9e44, #2b8a3e) gives white text a contrast below 4.5:1; #237032 gives 6.2:1 (WCAG 2.2 AA).
 */
export const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#37b24d',
  '#2b8a3e',
  '#237032',
];

/**
 * Filled badges and buttons use shade 9 of every colour (primaryShade), and light alerts and badges
 * write their text in shade 9: Mantine's orange-9 (#d9480f) and yellow-9 (#e67700) fall below 4.5:1
 * on white and on their light backgrounds, so those two shades are darkened (5.8:1 and 5.7:1).
 */
export const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#f76707',
  '#e8590c',
  '#b33d0c',
];
export const yellow: MantineColorsTuple = [
  '#fff9db',
  '#fff3bf',
  '#ffec99',
  '#ffe066',
  '#ffd43b',
  '#fcc419',
  '#fab005',
  '#f59f00',
  '#f08c00',
  '#8f5b00',
];

export const theme = createTheme({
  primaryColor: 'green',
  primaryShade: { light: 9, dark: 8 },
  colors: { gray: coolGray, green, orange, yellow },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  // A focus ring on keyboard focus only, never removed (UX.md accessibility).
  focusRing: 'auto',
  // People who ask their system for reduced motion get drawers and modals without animation.
  respectReducedMotion: true,
});

/**
 * Mantine writes input errors (and the required asterisk) in red-6 (#fa5252, 3.3:1 on white); red-9
 * (#c92a2a) reads at 5.4:1 (WCAG 2.2 AA).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
