import type { TPersonWaveStatus, TTieStatus } from '@ona/contracts';

/**
 * The graph diff's look (waves compared, issue 21). Ties differ by colour and by stroke, so that
 * colour is never the only cue (WCAG 1.4.1): kept ties thin and grey, added ties thick and blue,
 * lost ties dashed and vermilion. People who joined get a solid ring, people who left a dashed
 * ring. The colours are from the Okabe–Ito palette, told apart with the common colour
 * deficiencies.
 */
export const DIFF_COLORS = {
  kept: '#8c959f',
  added: '#0072b2',
  lost: '#d55e00',
  stayed: '#5c6c7c',
  joined: '#009e73',
  left: '#d55e00',
  unmatched: '#adb5bd',
} as const;

export const DIFF_WIDTHS = { kept: 0.6, added: 2.4, lost: 1.6 } as const;
/** The lost ties' dash, in screen pixels (line, gap). */
export const LOST_DASH = [6, 4] as const;

/** The statuses of what the diff draws, and which tie statuses the reader chose to show. */
export type TDiffMarks = {
  /** `source>target` (canvas ids) → the tie's status. */
  ties: ReadonlyMap<string, TTieStatus>;
  /** Canvas id → the person's status. */
  people: ReadonlyMap<number, TPersonWaveStatus>;
  show: Readonly<Record<TTieStatus, boolean>>;
};
