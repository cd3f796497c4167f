import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * The brand orange. Shades 7–9 are darker than Mantine's own orange so that white text on a filled
 * button and orange links on white pass WCAG AA contrast (4.5:1).
 */
const brand: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#f76707',
  '#c2410c',
  '#9a3412',
  '#7c2d12',
];

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: 7,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  respectReducedMotion: true,
  components: {
    Select: { defaultProps: { maxDropdownHeight: 300 } },
    MultiSelect: { defaultProps: { maxDropdownHeight: 300 } },
    Autocomplete: { defaultProps: { maxDropdownHeight: 300 } },
    // A light alert writes its title in its own colour, too pale on its tint for AA in yellow and
    // orange: titles take the text's colour, the icon and the tint still say the tone.
    Alert: { styles: { title: { color: 'var(--mantine-color-text)' } } },
  },
});

/** Mantine's 'dimmed' grey and error red are too light for small text on white; darker shades pass AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
