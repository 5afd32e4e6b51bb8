import type { DefaultMantineColor, MantineColorsTuple } from '@mantine/core';
import { createTheme, DEFAULT_THEME } from '@mantine/core';
import { i18n } from './i18n';

/** The product's named colours, each a single shade. */
export const palette = {
  red: '#B31E3B',
  darkRed: '#910933',
  gray: '#858585',
  lightGray: '#E8E8E8',
  mediumGray: '#B3B3B3',
  darkGray: '#4D4D4D',
} as const;

/** The primary red family: #B31E3B is shade 6 (filled), #910933 shade 7 (hover). */
export const red: MantineColorsTuple = [
  '#fcebee',
  '#f5d3d9',
  '#eba5b2',
  '#e17488',
  '#d84b66',
  '#c93251',
  palette.red,
  palette.darkRed,
  '#76062a',
  '#5c0320',
];

/**
 * Mantine's own scale with some shades replaced: the ones text is set in, darkened just enough to
 * read at 4.5:1 (WCAG 2.1 AA for body text), keeping their hue.
 */
function withShades(
  scale: MantineColorsTuple,
  shades: Partial<Record<number, string>>,
): MantineColorsTuple {
  return scale.map((hex, i) => shades[i] ?? hex) as unknown as MantineColorsTuple;
}

/**
 * Gray shade 6 is the dimmed text (descriptions, hints, toasts' messages) and the gray buttons'
 * fill: #868e96 gives 3.3:1 on white, #71777e 4.5:1.
 */
export const gray = withShades(DEFAULT_THEME.colors.gray, { 6: '#71777e' });

/**
 * Teal is the colour of success: shade 8 is its text on white (#099268 gives 3.9:1, #088760
 * 4.5:1), shade 9 the text of light alerts and badges on shade 1 (#087f5b gives 4.3:1, #087b58
 * 4.6:1).
 */
export const teal = withShades(DEFAULT_THEME.colors.teal, { 8: '#088760', 9: '#087b58' });

function singleShade(hex: string): MantineColorsTuple {
  return [hex, hex, hex, hex, hex, hex, hex, hex, hex, hex];
}

const headingWeight = '900';

export const theme = createTheme({
  primaryColor: 'red',
  primaryShade: 6,
  colors: {
    red,
    gray,
    teal,
    darkRed: singleShade(palette.darkRed),
    // Mantine derives borders and backgrounds from its own `gray` scale, so the brand gray
    // gets its own name instead of replacing it.
    brandGray: singleShade(palette.gray),
    lightGray: singleShade(palette.lightGray),
    mediumGray: singleShade(palette.mediumGray),
    darkGray: singleShade(palette.darkGray),
  },
  fontFamily:
    'Roboto, -apple-system, BlinkMacSystemFont, "Segoe UI", "Helvetica Neue", Arial, sans-serif',
  fontSizes: {
    xs: '16px',
    sm: '16px',
    md: '16px',
    lg: '18px',
    xl: '20px',
  },
  headings: {
    fontWeight: headingWeight,
    sizes: {
      h1: { fontSize: '2rem', fontWeight: headingWeight },
      h2: { fontSize: '1.75rem', fontWeight: headingWeight },
      h3: { fontSize: '1.5rem', fontWeight: headingWeight },
      h4: { fontSize: '1.25rem', fontWeight: headingWeight },
      h5: { fontSize: '1.15rem', fontWeight: headingWeight },
      h6: { fontSize: '1rem', fontWeight: headingWeight },
    },
  },
  components: {
    // Every close button (dialogs, drawers, toasts) has a name in the site's language, unless
    // its component gives it a more precise one.
    CloseButton: { defaultProps: () => ({ 'aria-label': i18n.t('common.actions.close') }) },
    // A dialog's or a drawer's X says what it closes, apart from a Close button in its content.
    Modal: {
      defaultProps: () => ({
        closeButtonProps: { 'aria-label': i18n.t('common.actions.closeDialog') },
      }),
    },
    Drawer: {
      defaultProps: () => ({
        closeButtonProps: { 'aria-label': i18n.t('common.actions.closeDialog') },
      }),
    },
  },
  other: { palette },
});

type ThemeColor =
  DefaultMantineColor | 'darkRed' | 'brandGray' | 'lightGray' | 'mediumGray' | 'darkGray';

declare module '@mantine/core' {
  export interface MantineThemeColorsOverride {
    colors: Record<ThemeColor, MantineColorsTuple>;
  }
}
