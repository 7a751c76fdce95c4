import { describe, expect, it } from 'vitest';
import { insertPlaceholder, readTemplateParams, unknownPlaceholders } from './placeholder-text.ts';

describe('insertPlaceholder', () => {
  it('inserts at the cursor and moves the cursor after it', () => {
    expect(insertPlaceholder('Hello !', 6, 6, 'name')).toEqual({ text: 'Hello {{name}}!', caret: 14 });
  });

  it('replaces a selection and clamps positions outside the text', () => {
    expect(insertPlaceholder('Open: here', 6, 10, 'link')).toEqual({ text: 'Open: {{link}}', caret: 14 });
    expect(insertPlaceholder('abc', 99, 120, 'code').text).toBe('abc{{code}}');
  });
});

describe('unknownPlaceholders', () => {
  it('lists each placeholder the e-mail cannot fill once', () => {
    expect(unknownPlaceholders('{{name}} {{ code }} {{code}} {{link}}', ['name', 'link'])).toEqual(['code']);
  });
});

describe('readTemplateParams', () => {
  it('accepts only known kinds and languages', () => {
    expect(readTemplateParams(new URLSearchParams('kind=reminder&language=de'))).toEqual({ kind: 'reminder', language: 'de' });
    expect(readTemplateParams(new URLSearchParams('kind=spam&language=xx'))).toEqual({ kind: null, language: null });
  });
});
