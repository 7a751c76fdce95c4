import { z } from 'zod';
import { SITE_LANGUAGES } from '../site-languages.ts';

/**
 * The front matter of the site's Markdown files. The blog's schema is the contract's
 * (ZBlogPostFrontMatter, packages/contracts/src/site/blog.ts); the privacy notices' and the
 * customers' are here. YAML is read as YAML 1.2, so a date stays the `YYYY-MM-DD` text it is.
 */
const ZIsoDate = z.iso.date();

/** The privacy notices: the general one, the one on the maps service, the one for business partners. */
export const PRIVACY_NOTICES = ['general', 'maps', 'partners'] as const;
export type TPrivacyNoticeKind = (typeof PRIVACY_NOTICES)[number];

/** A notice version is the year and month it was issued (`202411`). */
export const ZNoticeVersion = z.string().regex(/^\d{6}$/, 'a notice version is YYYYMM, quoted in YAML');

/** `content/site/privacy/{notice}/{version}.{language}.md` */
export const ZPrivacyFrontMatter = z.object({
  title: z.string().min(1),
  notice: z.enum(PRIVACY_NOTICES),
  version: ZNoticeVersion,
  language: z.enum(SITE_LANGUAGES),
  effective_from: ZIsoDate,
  /** The last day an earlier version applied; the current version has none. */
  effective_until: ZIsoDate.optional(),
  summary: z.string().min(1),
});
export type TPrivacyFrontMatter = z.infer<typeof ZPrivacyFrontMatter>;

/** `content/site/customers.json`: the customer list of the home page. */
export const ZCustomers = z.object({
  customers: z.array(
    z.object({
      name: z.string().min(1),
      /** An SVG file in `content/site/customers/`. */
      logo: z.string().regex(/^[a-z0-9-]+\.svg$/),
      sector: z.object({ hu: z.string().min(1), en: z.string().min(1), de: z.string().min(1) }),
    }),
  ),
});
export type TCustomer = z.infer<typeof ZCustomers>['customers'][number];
