import { INSTANT_MOODS, type TInstantMood, type TInstantSurvey } from '@ona/contracts';

export type TPersonCount = { id: number; name: string; count: number };
export type TMutualPair = { a: TPersonCount; b: TPersonCount };
export type TTie = { source: number; target: number; weight: number; mutual: boolean };

/** Who named whom on the userSelect questions, summed over them: the live graph's edges. */
export function choiceTies(survey: TInstantSurvey): TTie[] {
  const userSelect = new Set(survey.questions.filter((q) => q.type === 'user_select').map((q) => q.id));
  const weights = new Map<string, TTie>();
  for (const answer of survey.answers) {
    if (!userSelect.has(answer.question_id) || answer.value.type !== 'user_select') continue;
    for (const target of answer.value.selected_users) {
      const key = `${answer.participant_id}>${target}`;
      const tie = weights.get(key) ?? { source: answer.participant_id, target, weight: 0, mutual: false };
      tie.weight += 1;
      weights.set(key, tie);
    }
  }
  for (const tie of weights.values()) tie.mutual = weights.has(`${tie.target}>${tie.source}`);
  return [...weights.values()];
}

export type TSurveyAnalysis = {
  mostChosen: TPersonCount[];
  mutualPairs: TMutualPair[];
  isolated: { id: number; name: string }[];
  groups: { questionId: number; label: string; options: { id: number; label: string; members: TPersonCount[] }[] }[];
  moods: { questionId: number; label: string; counts: Record<TInstantMood, number>; total: number }[];
  intensities: { questionId: number; label: string; options: { id: number; label: string; count: number }[]; total: number }[];
  scaling: { questionId: number; label: string; options: { id: number; label: string; points: number }[] }[];
  texts: { questionId: number; label: string; answers: { participantId: number; name: string; text: string }[] }[];
};

/** Everything the Analysis tab shows, derived from the survey as loaded (pure, so it is tested). */
export function analyseSurvey(survey: TInstantSurvey): TSurveyAnalysis {
  const names = new Map(survey.participants.map((p) => [p.id, p.name]));
  const person = (id: number, count = 0): TPersonCount => ({ id, name: names.get(id) ?? '?', count });
  const ties = choiceTies(survey);

  const inDegree = new Map<number, number>();
  for (const tie of ties) inDegree.set(tie.target, (inDegree.get(tie.target) ?? 0) + tie.weight);
  const mostChosen = [...inDegree.entries()].map(([id, count]) => person(id, count)).sort((x, y) => y.count - x.count || x.name.localeCompare(y.name)).slice(0, 10);

  const mutualPairs = ties.filter((t) => t.mutual && t.source < t.target).map((t) => ({ a: person(t.source), b: person(t.target) }));
  const connected = new Set(ties.flatMap((t) => [t.source, t.target]));
  const isolated = survey.participants.filter((p) => !connected.has(p.id)).map((p) => ({ id: p.id, name: p.name }));

  const answersOf = (questionId: number) => survey.answers.filter((a) => a.question_id === questionId);
  const result: TSurveyAnalysis = { mostChosen, mutualPairs, isolated, groups: [], moods: [], intensities: [], scaling: [], texts: [] };
  for (const q of survey.questions) {
    const answers = answersOf(q.id);
    switch (q.type) {
      case 'options': {
        const members = new Map<number, Map<number, number>>(q.options.map((o) => [o.id, new Map()]));
        for (const a of answers) {
          if (a.value.type !== 'options') continue;
          for (const g of a.value.groups) for (const u of g.users) members.get(g.option_id)?.set(u, (members.get(g.option_id)?.get(u) ?? 0) + 1);
        }
        result.groups.push({
          questionId: q.id,
          label: q.label,
          options: q.options.map((o) => ({ id: o.id, label: o.label, members: [...(members.get(o.id) ?? new Map<number, number>()).entries()].map(([id, count]) => person(id, count)).sort((x, y) => y.count - x.count) })),
        });
        break;
      }
      case 'mood_select': {
        const counts = Object.fromEntries(INSTANT_MOODS.map((m) => [m, 0])) as Record<TInstantMood, number>;
        for (const a of answers) if (a.value.type === 'mood_select') counts[a.value.mood] += 1;
        result.moods.push({ questionId: q.id, label: q.label, counts, total: answers.length });
        break;
      }
      case 'intensity_select': {
        const options = q.options.map((o) => ({ id: o.id, label: o.label, count: answers.filter((a) => a.value.type === 'intensity_select' && a.value.option_id === o.id).length }));
        result.intensities.push({ questionId: q.id, label: q.label, options, total: answers.length });
        break;
      }
      case 'scaling': {
        const options = q.options.map((o) => ({
          id: o.id,
          label: o.label,
          points: answers.reduce((sum, a) => sum + (a.value.type === 'scaling' ? (a.value.points.find((p) => p.option_id === o.id)?.points ?? 0) : 0), 0),
        }));
        result.scaling.push({ questionId: q.id, label: q.label, options });
        break;
      }
      case 'freetext':
        result.texts.push({
          questionId: q.id,
          label: q.label,
          answers: answers.flatMap((a) => (a.value.type === 'freetext' && a.value.text.trim() ? [{ participantId: a.participant_id, name: names.get(a.participant_id) ?? '?', text: a.value.text }] : [])),
        });
        break;
      case 'user_select':
        break;
    }
  }
  return result;
}
