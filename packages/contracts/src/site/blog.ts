import { z } from 'zod';

/** Languages of the site's blog (instant-survey-and-site.md §2: the site is Hungarian and English). */
export const BLOG_LANGUAGES = ['hu', 'en'] as const;
export type TBlogLanguage = (typeof BLOG_LANGUAGES)[number];

/** Lower-case words joined by hyphens: the post's file name and its address `blog/{slug}.html`. */
export const ZBlogSlug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(100);

/**
 * The front matter of a blog post, `content/site/blog/{language}/{slug}.md`: adding a post is
 * adding such a file.
 */
export const ZBlogPostFrontMatter = z.object({
  title: z.string().trim().min(1).max(150),
  /** Publication day, YYYY-MM-DD; a post dated in the future is not published yet. */
  date: z.iso.date(),
  language: z.enum(BLOG_LANGUAGES),
  slug: ZBlogSlug,
  /** One or two sentences for the post list, the page's description and the feed. */
  summary: z.string().trim().min(1).max(320),
  /** The slug of the same post in the other language: every post is published in both. */
  translation: ZBlogSlug,
});
export type TBlogPostFrontMatter = z.infer<typeof ZBlogPostFrontMatter>;
