import { Container, createTheme, rem, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#edf0ff',
  '#d9ddfd',
  '#b0b8f4',
  '#8592ec',
  '#6170e6',
  '#4a5ae2',
  '#3d4fe0',
  '#2f40c7',
  '#2738b3',
  '#1b2f9f',
];

/** Breakpoints of the spec (§9): 576, 768, 992, 1170, 1500 px, written in em as Mantine expects. */
export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  primaryShade: 6,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  breakpoints: {
    xs: '36em',
    sm: '48em',
    md: '62em',
    lg: '73.125em',
    xl: '93.75em',
  },
  components: {
    // The widest content column matches the 1170 px breakpoint; wider screens get margins.
    Container: Container.extend({
      vars: (_theme, { size }) => ({ root: { '--container-size': size === 'xl' ? rem(1170) : undefined } }),
    }),
  },
});
