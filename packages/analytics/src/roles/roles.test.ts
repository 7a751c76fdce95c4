import { describe, expect, it } from 'vitest';
import { runAnalysis } from '../run-analysis.ts';
import { OrgBuilder } from '../testing/org-builder.ts';
import type { QuestionKind } from '../types.ts';
import type { KeyRole } from './key-roles.ts';

function rolesOf(builder: OrgBuilder, id: string): KeyRole[] {
  return runAnalysis(builder.build()).employees.find((e) => e.id === id)!.keyRoles;
}

describe('key roles pair an absolute minimum with a top share', () => {
  it.each([
    ['advisor', ['advice']],
    ['expert', ['expertise']],
    ['kol', ['opinion']],
    ['mentor', ['development']],
    ['ideamaker', ['idea']],
    ['spreader', ['corporate_news']],
  ] as [KeyRole, QuestionKind[]][])('%s: named by enough colleagues on %s and in the top share', (role, kinds) => {
    const builder = new OrgBuilder().unit('u').person('star', 'u');
    for (let i = 0; i < 6; i++) builder.person(`p${i}`, 'u').names(`p${i}`, kinds, ['star']);
    expect(rolesOf(builder, 'star')).toContain(role);
    expect(rolesOf(builder, 'p0')).toEqual([]);
  });

  it('a role needs the absolute minimum even when one is the top of a tiny team', () => {
    const builder = new OrgBuilder().unit('u').person('star', 'u');
    for (let i = 0; i < 3; i++) builder.person(`p${i}`, 'u').names(`p${i}`, ['advice'], ['star']);
    expect(rolesOf(builder, 'star')).not.toContain('advisor');
  });

  it('talent excludes leaders', () => {
    const builder = new OrgBuilder().unit('u').person('star', 'u');
    for (let i = 0; i < 7; i++) builder.person(`p${i}`, 'u').names(`p${i}`, ['expertise', 'idea'], ['star']);
    expect(rolesOf(builder, 'star')).toContain('talent');
    const led = new OrgBuilder().unit('u').person('star', 'u');
    for (let i = 0; i < 7; i++) led.person(`p${i}`, 'u', 'star').names(`p${i}`, ['expertise', 'idea'], ['star']);
    expect(rolesOf(led, 'star')).not.toContain('talent');
  });
});
