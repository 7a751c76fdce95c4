import matter from 'gray-matter';
import { parse as parseYaml } from 'yaml';
import { Marked, type Tokens } from 'marked';
import type { z } from 'zod';

export type THeading = { id: string; text: string };

/** A heading's anchor: its text in lower case, accents dropped, words joined by hyphens. */
export function headingId(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Markdown to HTML with marked. Second-level headings get ids (the privacy notices list them as
 * contents). The content is the project's own files, so its HTML is trusted as written.
 */
export function renderMarkdown(markdown: string): { html: string; headings: THeading[] } {
  const headings: THeading[] = [];
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Heading['tokens']): string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        if (token.depth !== 2) return `<h${token.depth}>${inner}</h${token.depth}>\n`;
        const id = headingId(token.text);
        headings.push({ id, text: token.text });
        return `<h2 id="${id}">${inner}</h2>\n`;
      },
    },
  });
  const html = marked.parse(markdown, { async: false });
  return { html, headings };
}

export class ContentError extends Error {
  override name = 'ContentError';
}

/** Splits a Markdown file into its checked front matter and its body; a bad file names itself and the field. */
export function readMarkdownFile<TSchema extends z.ZodType>(file: string, source: string, schema: TSchema): { data: z.output<TSchema>; body: string } {
  // YAML 1.2 (the yaml package) rather than gray-matter's default js-yaml 3: dates stay text.
  const parsed = matter(source, { engines: { yaml: (text: string) => parseYaml(text) as object } });
  const checked = schema.safeParse(parsed.data);
  if (!checked.success) {
    const problems = checked.error.issues.map((issue) => `${issue.path.join('.') || '(front matter)'}: ${issue.message}`).join('; ');
    throw new ContentError(`${file}: ${problems}`);
  }
  return { data: checked.data, body: parsed.content };
}
