import { describe, expect, it } from 'vitest';
import { EXPLANATIONS } from '@ona/analytics';
import { SERVER_MESSAGES, translate } from './translate.ts';

/**
 * The manager sentences live in the engine (EXPLANATIONS, repeated in docs/methods.md) and in the
 * server's locale files, which the API and the exports read. The English file must say exactly
 * what the engine says, so that the two cannot drift apart.
 */
describe('the explanation sentences of the server locale files', () => {
  it('equal the engine’s English sentences, code for code', () => {
    const levels = Object.fromEntries(Object.entries(EXPLANATIONS.riskLevels).map(([level, text]) => [`level_${level}`, text]));
    expect(SERVER_MESSAGES.en['explanations']).toEqual({
      risk_factors: EXPLANATIONS.riskFactors,
      key_roles: EXPLANATIONS.keyRoles,
      group_roles: EXPLANATIONS.groupRoles,
      dysfunctions: EXPLANATIONS.dysfunctions,
      risk_levels: levels,
    });
  });

  it('are real translations in Hungarian, German and Russian', () => {
    expect(translate('hu', 'explanations.risk_factors.isolated')).toBe('Ennek a munkatársnak egyáltalán nincs munkakapcsolata: ő senkit sem nevez meg, és őt sem nevezi meg senki.');
    expect(translate('de', 'explanations.key_roles.broker')).toBe('Diese Person verbindet Einheiten, die sonst kaum miteinander verbunden wären.');
    expect(translate('ru', 'explanations.dysfunctions.leaderHighRisk')).toBe('Руководитель находится под высоким риском ухода.');
    // Japanese and Polish read English.
    expect(translate('ja', 'explanations.group_roles.liaison')).toBe(EXPLANATIONS.groupRoles.liaison);
  });
});
