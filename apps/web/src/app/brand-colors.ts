/**
 * The product's brand colour, ten shades from lightest to darkest (Mantine's tuple layout; shade 6
 * is the primary). Pure data, so the public site's build (apps/site) draws its colours from the
 * same source as the app's theme.
 */
export const BRAND_SHADES = ['#edf0ff', '#d9ddfd', '#b0b8f4', '#8592ec', '#6170e6', '#4a5ae2', '#3d4fe0', '#2f40c7', '#2738b3', '#1b2f9f'] as const;
