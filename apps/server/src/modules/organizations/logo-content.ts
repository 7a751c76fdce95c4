import { ApiError } from '../../errors/api-error.ts';

export interface CheckedLogo {
  contentType: 'image/png' | 'image/jpeg' | 'image/svg+xml';
  extension: 'png' | 'jpg' | 'svg';
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

const notAnImage = () => new ApiError(415, 'unsupported_file_type', 'organizations.errors.logo_not_an_image');
const unsafeSvg = () => new ApiError(400, 'unsafe_svg', 'organizations.errors.unsafe_svg');

/**
 * What an SVG logo may not hold. We refuse such a file rather than sanitise it: a sanitiser that
 * rewrites markup has to be right about every parser quirk, a refusal only has to notice, and a
 * logo exported from a design tool has none of these. Each rule, and why:
 * - script elements and on… event attributes: code;
 * - foreignObject, iframe, embed, object: HTML (and its scripts) inside the image;
 * - DOCTYPE and ENTITY: entity expansion (billion laughs) and external entities;
 * - an href (also xlink:href) or a CSS url() that is not a same-document #fragment, and @import:
 *   references to other files, which would let the logo call out to other servers;
 * - javascript: anywhere, animations that rewrite an href, and CSS escapes (a backslash followed
 *   by a hex digit), which could spell any of the above in disguise.
 * The logo is also served with a CSP that forbids scripts and loads (defence in depth).
 */
const UNSAFE_SVG_PATTERNS: RegExp[] = [
  /<\s*script/i,
  /[\s"'/]on[a-z]+\s*=/i,
  /<\s*foreignObject/i,
  /<\s*(iframe|embed|object)\b/i,
  /<!\s*(DOCTYPE|ENTITY)/i,
  /href\s*=\s*(?!["']\s*#)/i,
  /url\(\s*(?!["']?\s*#)/i,
  /@import/i,
  /javascript\s*:/i,
  /attributeName\s*=\s*["']?\s*(xlink:)?href/i,
  /\\[0-9a-f]/i,
];

/** An SVG by content: optional BOM, XML declaration and comments, then an <svg> root element. */
function looksLikeSvg(text: string): boolean {
  const head = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/g, '')
    .trimStart();
  // A DOCTYPE (with its entities) before the root is still an SVG, only an unsafe one: the
  // patterns refuse it.
  if (/^<!DOCTYPE\s+svg/i.test(head)) return /<svg[\s>]/i.test(head);
  return /^<svg[\s>]/i.test(head) && /<\/svg\s*>$/i.test(text.trimEnd());
}

/**
 * Judges an uploaded logo by its bytes, never by its name or declared type: PNG and JPEG by their
 * signatures, SVG by its root element and the rules above. Anything else: 415.
 */
export function checkLogoContent(buffer: Buffer): CheckedLogo {
  if (buffer.length >= PNG_MAGIC.length && buffer.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return { contentType: 'image/png', extension: 'png' };
  if (buffer.length >= JPEG_MAGIC.length && buffer.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return { contentType: 'image/jpeg', extension: 'jpg' };
  const text = new TextDecoder('utf-8', { fatal: false }).decode(buffer);
  if (!looksLikeSvg(text)) throw notAnImage();
  if (UNSAFE_SVG_PATTERNS.some((pattern) => pattern.test(text))) throw unsafeSvg();
  return { contentType: 'image/svg+xml', extension: 'svg' };
}

/** Served with every logo: an SVG opened on its own runs nothing and loads nothing. */
export const LOGO_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
