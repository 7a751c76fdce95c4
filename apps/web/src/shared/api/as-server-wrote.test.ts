import { describe, expect, it } from 'vitest';
import { asServerWrote } from './as-server-wrote.ts';

describe('answers taken as the server wrote them', () => {
  it('passes a JSON object or array through unchanged', () => {
    const survey = { questions: [{ id: 1, text: 'Who helps you?' }], answers: [], finished: false };
    expect(asServerWrote<typeof survey>().parse(survey)).toBe(survey);
    const tree = [{ id: 3, name: 'Sales', subunits: [] }];
    expect(asServerWrote<typeof tree>().parse(tree)).toBe(tree);
  });

  it('refuses what is not JSON structure (a proxy page read as text, an empty body)', () => {
    const reader = asServerWrote<{ id: number }>();
    expect(() => reader.parse('<html>Bad gateway</html>')).toThrow(TypeError);
    expect(() => reader.parse(undefined)).toThrow(TypeError);
    expect(() => reader.parse(null)).toThrow(TypeError);
  });
});
