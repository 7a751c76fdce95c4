import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BLOG_LANGUAGES, ZBlogPostFrontMatter, type TBlogLanguage, type TBlogPostFrontMatter } from './blog.ts';

const BLOG_DIR = join(import.meta.dirname, '../../../../content/site/blog');
const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/;

type TPostFile = { file: string; folder: TBlogLanguage; raw: string };

const files: TPostFile[] = BLOG_LANGUAGES.flatMap((folder) =>
  readdirSync(join(BLOG_DIR, folder))
    .filter((name) => name.endsWith('.md'))
    .map((name) => ({ file: `${folder}/${name}`, folder, raw: readFileSync(join(BLOG_DIR, folder, name), 'utf8') })),
);

function read(post: TPostFile): { meta: TBlogPostFrontMatter; body: string } {
  const match = FRONT_MATTER.exec(post.raw.replace(/\r\n/g, '\n'));
  if (!match) throw new Error(`${post.file}: no front matter between --- lines at the top`);
  return { meta: ZBlogPostFrontMatter.parse(parse(match[1] ?? '')), body: match[2] ?? '' };
}

describe('the blog posts in content/site/blog', () => {
  it('are at least three per language', () => {
    for (const language of BLOG_LANGUAGES) expect(files.filter((post) => post.folder === language).length, language).toBeGreaterThanOrEqual(3);
  });

  it.each(files.map((post) => [post.file, post] as const))('%s has complete front matter, in its language folder, named by its slug, and a body', (_file, post) => {
    const { meta, body } = read(post);
    expect(meta.language).toBe(post.folder);
    expect(post.file).toBe(`${meta.language}/${meta.slug}.md`);
    expect(body.trim().length).toBeGreaterThan(0);
  });

  it('have a unique slug per language', () => {
    for (const language of BLOG_LANGUAGES) {
      const slugs = files.filter((post) => post.folder === language).map((post) => read(post).meta.slug);
      expect(new Set(slugs).size, language).toBe(slugs.length);
    }
  });

  it('each name a translation that exists in the other language and names them back', () => {
    for (const post of files) {
      const { meta } = read(post);
      const other = BLOG_LANGUAGES.find((language) => language !== meta.language) as TBlogLanguage;
      const path = join(BLOG_DIR, other, `${meta.translation}.md`);
      expect(existsSync(path), `${post.file} → ${other}/${meta.translation}.md`).toBe(true);
      const translated = read({ file: `${other}/${meta.translation}.md`, folder: other, raw: readFileSync(path, 'utf8') });
      expect(translated.meta.translation, `${other}/${meta.translation}.md names ${post.file} back`).toBe(meta.slug);
    }
  });

  it('are dated today or earlier', () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const post of files) expect(read(post).meta.date <= today, post.file).toBe(true);
  });
});
