import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './api-client.ts';

describe('filenameFromDisposition', () => {
  it('reads a quoted filename', () => {
    expect(filenameFromDisposition('attachment; filename="retention.xlsx"', 'x.xlsx')).toBe('retention.xlsx');
  });

  it('prefers the UTF-8 encoded filename', () => {
    expect(filenameFromDisposition("attachment; filename=\"a.pdf\"; filename*=UTF-8''%C3%A9rt%C3%A9kel%C3%A9s.pdf", 'x.pdf')).toBe(
      'értékelés.pdf',
    );
  });

  it('falls back when the header is missing', () => {
    expect(filenameFromDisposition(null, 'export.xlsx')).toBe('export.xlsx');
  });
});
