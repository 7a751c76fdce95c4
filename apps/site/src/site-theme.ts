import { BRAND_SHADES } from '../../web/src/app/brand-colors.ts';
import { blend, readableOn } from '../../web/src/app/contrast.ts';

/** The site's light surfaces: white, the pale section grey and the brand's palest tint. */
const SURFACES = { page: '#ffffff', subtle: '#f6f7fb', tint: BRAND_SHADES[0] } as const;
/** The dark surfaces: the closing band (the brand's darkest shade) and the footer. */
const DARK_SURFACES = { band: BRAND_SHADES[9], footer: '#10152e' } as const;
const LIGHT = [SURFACES.page, SURFACES.subtle, SURFACES.tint] as const;

/**
 * The site's colours, taken from the product's theme (apps/web/src/app/brand-colors.ts) and made
 * to read at WCAG 2.2 AA with the same arithmetic as the app (contrast.ts): every text colour is
 * darkened only as far as needed to reach 4.5:1 on every surface it is used on.
 */
export function siteColors() {
  const text = '#1c2030';
  return {
    ...SURFACES,
    text,
    muted: readableOn('#868e96', LIGHT),
    brand: BRAND_SHADES[6],
    brandText: readableOn(BRAND_SHADES[6], LIGHT),
    buttonFill: readableOn(BRAND_SHADES[6], ['#ffffff']),
    buttonFillHover: readableOn(BRAND_SHADES[8], ['#ffffff']),
    buttonText: '#ffffff',
    border: '#dde1ea',
    focus: BRAND_SHADES[7],
    error: readableOn('#e03131', [SURFACES.page, blend('#e03131', 0.08, '#ffffff')]),
    errorTint: blend('#e03131', 0.08, '#ffffff'),
    band: DARK_SURFACES.band,
    bandText: '#ffffff',
    footer: DARK_SURFACES.footer,
    footerText: '#c5cbe0',
    footerLink: '#ffffff',
    riskLow: '#37b24d',
    riskMedium: '#f59f00',
    riskHigh: '#e03131',
    nodeA: BRAND_SHADES[6],
    nodeB: '#12b886',
    nodeC: '#7950f2',
  } as const;
}

export type TSiteColors = ReturnType<typeof siteColors>;

/** The pairs of text and surface the stylesheet uses, for the contrast test. */
export function textPairs(colors: TSiteColors): readonly { name: string; text: string; surface: string }[] {
  return [
    ...LIGHT.flatMap((surface) => [
      { name: 'text', text: colors.text, surface },
      { name: 'muted', text: colors.muted, surface },
      { name: 'brandText', text: colors.brandText, surface },
    ]),
    { name: 'button', text: colors.buttonText, surface: colors.buttonFill },
    { name: 'button hover', text: colors.buttonText, surface: colors.buttonFillHover },
    { name: 'error', text: colors.error, surface: colors.page },
    { name: 'error on its tint', text: colors.error, surface: colors.errorTint },
    { name: 'band', text: colors.bandText, surface: colors.band },
    { name: 'footer text', text: colors.footerText, surface: colors.footer },
    { name: 'footer link', text: colors.footerLink, surface: colors.footer },
  ];
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The colours as CSS custom properties, put before the hand-written stylesheet. */
export function themeCss(): string {
  const colors = siteColors();
  return `:root{${Object.entries(colors)
    .map(([name, value]) => `--${kebab(name)}:${value}`)
    .join(';')}}\n`;
}
