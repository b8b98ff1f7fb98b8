/**
 * Tend's Mantine theme (spec s.9 "Default theme: primary green, gray cool"). Mantine's own gray is a
 * neutral gray; "cool" gray is the blue-tinted scale (Tailwind's cool gray, 50..900), which replaces
 * Mantine's `gray` tuple so every component that uses gray (borders, dimmed text, hover) turns cool.
 */
import {
  createTheme,
  darken,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

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

/**
 * Light badges and alerts write shade 9 on shade 1: Mantine's teal-9 (#087f5b, 4.3:1 on teal-1) and lime-9 (#5c940d,
 * 3.3:1) fall short of 4.5:1 (axe `color-contrast`), so their shade 9 is darkened (5.6:1 and 5.4:1); the other
 * shades are Mantine's.
 */
const withShade9 = (name: 'teal' | 'lime', shade9: string): MantineColorsTuple =>
  [...DEFAULT_THEME.colors[name].slice(0, 9), shade9] as unknown as MantineColorsTuple;
export const teal = withShade9('teal', '#066c4e');
export const lime = withShade9('lime', '#466f0a');

export const theme = createTheme({
  primaryColor: 'green',
  primaryShade: { light: 9, dark: 8 },
  colors: { gray: coolGray, green, orange, yellow, teal, lime },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  // A focus ring on keyboard focus only, never removed (UX.md accessibility).
  focusRing: 'auto',
  // People who ask their system for reduced motion get drawers and modals without animation.
  respectReducedMotion: true,
  // Plain objects, not `Anchor.extend(...)`: naming a component here would load it with the theme, before /login.
  components: {
    // Links in running text must not be told apart by colour alone (WCAG 1.4.1, axe `link-in-text-block`).
    Anchor: { defaultProps: { underline: 'always' } },
    // Every close button has a name (axe `button-name`); a page may pass its own, more precise one.
    Alert: { defaultProps: { closeButtonLabel: 'Dismiss' } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
    // A loader is a status, so the name pages give it ("Loading the batch") is allowed (axe `aria-prohibited-attr`).
    Loader: { defaultProps: { role: 'status' } },
  },
});

/**
 * Mantine writes input errors (and the required asterisk) in red-6 (#fa5252, 3.3:1 on white); red-9
 * (#c92a2a) reads at 5.4:1 (WCAG 2.2 AA).
 *
 * A filled button under the pointer turns shade 8 by default (shade 9 is the filled shade): green-8, red-8 and
 * orange-8 give white text less than 4.5:1 (axe `color-contrast` on a just-clicked button), so in the light scheme
 * every colour's hover is its shade 9 darkened by 15 % instead.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(resolved.colors).map(([name, shades]) => [
        `--mantine-color-${name}-filled-hover`,
        darken(shades[9], 0.15),
      ]),
    ),
  },
  dark: {},
});
