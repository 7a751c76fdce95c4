import type { ReactElement } from 'react';
import type { TSiteLanguage } from './site-languages.ts';

/** One prerendered page: its address, its head and the content of its `<main>`. */
export type TSitePage = {
  /** Inside the site, e.g. `en/blog/what-ona-shows.html`. */
  path: string;
  language: TSiteLanguage;
  title: string;
  description: string;
  /** The same page in each language it exists in, this one included (hreflang). */
  alternates: Partial<Record<TSiteLanguage, string>>;
  ogType: 'website' | 'article';
  /** False for the 404 and thank-you pages: `noindex`, and left out of the sitemap. */
  indexable: boolean;
  /** `YYYY-MM-DD`, for the sitemap and `article:published_time`. */
  published?: string;
  /** RSS feeds announced in the head. */
  feeds?: readonly { title: string; path: string }[];
  /** The page's own scripts (which of the built assets); most pages have none. */
  scripts?: readonly 'contactScript'[];
  /**
   * `same-origin` on the contact page: the server's default (`no-referrer`, helmet) would hide from
   * the form's endpoint which language's contact page a form sent without JavaScript came from.
   */
  referrer?: 'same-origin';
  main: ReactElement;
};
