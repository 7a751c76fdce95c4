import { createContext, useContext } from 'react';
import type { TSiteLanguage } from './site-languages.ts';
import { relativeHref } from './site-paths.ts';
import type { TSiteTexts } from './texts.ts';

/** The built files a page refers to, by their hashed paths inside the site. */
export type TSiteAssets = {
  stylesheet: string;
  contactScript: string;
  favicon: string;
  socialImage: string;
  /** Customer logo file name → its path in the site. */
  logos: ReadonlyMap<string, string>;
};

/** What every component of one page needs: where the page is, its language and texts, the assets. */
export type TPageContext = {
  path: string;
  language: TSiteLanguage;
  texts: TSiteTexts;
  assets: TSiteAssets;
  siteUrl: string;
  /**
   * Links written from the site's root behind this prefix instead of relative to the page: the
   * 404 page, which the server sends at any address (SITE_BASE_PLACEHOLDER).
   */
  rootPrefix?: string;
};

const PageContext = createContext<TPageContext | null>(null);
export const PageContextProvider = PageContext.Provider;

export function usePage(): TPageContext & { href(target: string): string } {
  const context = useContext(PageContext);
  if (!context) throw new Error('a site component rendered outside a page');
  const { rootPrefix } = context;
  return { ...context, href: (target: string) => (rootPrefix === undefined ? relativeHref(context.path, target) : `${rootPrefix}${target}`) };
}
