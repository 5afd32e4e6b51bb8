import type { DefaultMantineColor, MantineColorsTuple } from '@mantine/core';
import { createTheme } from '@mantine/core';

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

function singleShade(hex: string): MantineColorsTuple {
  return [hex, hex, hex, hex, hex, hex, hex, hex, hex, hex];
}

const headingWeight = '900';

export const theme = createTheme({
  primaryColor: 'red',
  primaryShade: 6,
  colors: {
    red,
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
  other: { palette },
});

type ThemeColor =
  DefaultMantineColor | 'darkRed' | 'brandGray' | 'lightGray' | 'mediumGray' | 'darkGray';

declare module '@mantine/core' {
  export interface MantineThemeColorsOverride {
    colors: Record<ThemeColor, MantineColorsTuple>;
  }
}
