import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';
import type { TSiteAssets } from '../page-context.tsx';
import { themeCss } from '../site-theme.ts';

/** A built file: where it goes inside the site, and its bytes. */
export type TAssetFile = { path: string; content: string | Buffer };

const source = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const hashed = (name: string, extension: string, content: string | Buffer) => `assets/${name}.${createHash('sha256').update(content).digest('hex').slice(0, 10)}.${extension}`;

/** The stylesheet: the theme's colour variables, then the hand-written rules, minified. */
async function stylesheet(): Promise<string> {
  const css = themeCss() + readFileSync(source('styles/site.css'), 'utf8');
  return (await transform(css, { loader: 'css', minify: true })).code;
}

/** The contact form's script, bundled and minified: an ES module with no dependency at run time. */
async function contactScript(): Promise<string> {
  const result = await build({ entryPoints: [source('client/contact-form.ts')], bundle: true, minify: true, format: 'esm', target: 'es2020', write: false, logLevel: 'warning' });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild wrote no contact form script');
  return output.text;
}

/**
 * Every file the pages refer to: the stylesheet and the script under content-hashed names (cached
 * for a year by the server), the customers' logos likewise, the favicon and the link-preview image
 * under steady names (other sites keep those addresses).
 */
export async function buildSiteAssets(options: { faviconFile: string; socialImageFile: string; customerLogos: ReadonlyMap<string, string> }): Promise<{ assets: TSiteAssets; files: TAssetFile[] }> {
  const css = await stylesheet();
  const script = await contactScript();
  const files: TAssetFile[] = [
    { path: hashed('site', 'css', css), content: css },
    { path: hashed('contact-form', 'js', script), content: script },
    { path: 'favicon.svg', content: readFileSync(options.faviconFile) },
    { path: 'social-card.png', content: readFileSync(options.socialImageFile) },
  ];
  const logos = new Map<string, string>();
  for (const [name, file] of options.customerLogos) {
    const content = readFileSync(file);
    const path = hashed(`customers/${name.replace(/\.svg$/, '')}`, 'svg', content);
    logos.set(name, path);
    files.push({ path, content });
  }
  const [stylesheetFile, scriptFile] = files;
  return { assets: { stylesheet: stylesheetFile!.path, contactScript: scriptFile!.path, favicon: 'favicon.svg', socialImage: 'social-card.png', logos }, files };
}
