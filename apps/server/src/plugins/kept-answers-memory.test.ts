import { describe, expect, it } from 'vitest';
import { KeptAnswers } from './kept-answers.ts';

const answer = (bytes: number, etag: string) => async () => ({ etag, body: Buffer.alloc(bytes, 120) });

describe('the memory an instance keeps for built answers (ANSWER_MEMORY_MB)', () => {
  it('keeps an answer that fits its bound and builds one larger than the whole bound on every request', async () => {
    const kept = new KeptAnswers(null, 'test:', () => undefined, 1024 * 1024);
    let builds = 0;
    const counted = (bytes: number) => async () => {
      builds += 1;
      return answer(bytes, `"${bytes}"`)();
    };
    await kept.getOrBuild('small', counted(600 * 1024));
    await kept.getOrBuild('small', counted(600 * 1024));
    expect(builds).toBe(1);
    await kept.getOrBuild('large', counted(2 * 1024 * 1024));
    await kept.getOrBuild('large', counted(2 * 1024 * 1024));
    expect(builds).toBe(3);
  });

  it('keeps a 76 MB answer (the retention answer of 100,000 people) at the default bound', async () => {
    const kept = new KeptAnswers(null, 'test:', () => undefined);
    let builds = 0;
    const build = async () => {
      builds += 1;
      return answer(76 * 1024 * 1024, '"big"')();
    };
    await kept.getOrBuild('retention', build);
    expect((await kept.getOrBuild('retention', build)).etag).toBe('"big"');
    expect(builds).toBe(1);
  });
});
