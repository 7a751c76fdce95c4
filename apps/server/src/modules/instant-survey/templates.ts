import { INSTANT_DEFAULT_POINTS, type TInstantQuestionType, type TInstantTemplateGroup, type TInstantTemplateQuestion, type TLocale } from '@ona/contracts';
import { translate, type MessageKey } from '../../i18n/translate.ts';

type TTemplateQuestionSpec = {
  id: number;
  label: MessageKey;
  type: TInstantQuestionType;
  options?: MessageKey[];
  multiple?: boolean;
  orientation?: 'horizontal' | 'vertical';
  allowMultipleGroups?: boolean;
};
type TTemplateGroupSpec = { id: number; name: MessageKey; description: MessageKey; questions: TTemplateQuestionSpec[] };

/**
 * The built-in templates. Texts live in the locale files, so a host picks templates in their own
 * language; ids are fixed so that a template question means the same in every language.
 */
const TEMPLATE_GROUPS: TTemplateGroupSpec[] = [
  {
    id: 1,
    name: 'instant.templates.workshop.name',
    description: 'instant.templates.workshop.description',
    questions: [
      { id: 101, label: 'instant.templates.workshop.cooperation', type: 'user_select', multiple: true },
      {
        id: 102,
        label: 'instant.templates.workshop.project_teams',
        type: 'options',
        options: ['instant.templates.workshop.team_product', 'instant.templates.workshop.team_marketing', 'instant.templates.workshop.team_operations'],
      },
      { id: 103, label: 'instant.templates.workshop.mood', type: 'mood_select' },
      {
        id: 104,
        label: 'instant.templates.workshop.busy',
        type: 'intensity_select',
        options: ['instant.templates.workshop.busy_1', 'instant.templates.workshop.busy_2', 'instant.templates.workshop.busy_3', 'instant.templates.workshop.busy_4', 'instant.templates.workshop.busy_5'],
      },
      { id: 105, label: 'instant.templates.workshop.expectations', type: 'freetext' },
      {
        id: 106,
        label: 'instant.templates.workshop.priorities',
        type: 'scaling',
        options: ['instant.templates.workshop.topic_strategy', 'instant.templates.workshop.topic_processes', 'instant.templates.workshop.topic_tools', 'instant.templates.workshop.topic_culture'],
      },
    ],
  },
  {
    id: 2,
    name: 'instant.templates.network.name',
    description: 'instant.templates.network.description',
    questions: [
      { id: 201, label: 'instant.templates.network.advice', type: 'user_select', multiple: true },
      { id: 202, label: 'instant.templates.network.ideas', type: 'user_select', multiple: false },
      { id: 203, label: 'instant.templates.network.energy', type: 'user_select', multiple: true },
    ],
  },
  {
    id: 3,
    name: 'instant.templates.pulse.name',
    description: 'instant.templates.pulse.description',
    questions: [
      { id: 301, label: 'instant.templates.pulse.mood', type: 'mood_select' },
      {
        id: 302,
        label: 'instant.templates.pulse.workload',
        type: 'intensity_select',
        orientation: 'vertical',
        options: ['instant.templates.pulse.workload_1', 'instant.templates.pulse.workload_2', 'instant.templates.pulse.workload_3', 'instant.templates.pulse.workload_4'],
      },
      { id: 303, label: 'instant.templates.pulse.improve', type: 'freetext' },
    ],
  },
];

function templateQuestion(locale: TLocale, groupId: number, spec: TTemplateQuestionSpec): TInstantTemplateQuestion {
  return {
    id: spec.id,
    group_id: groupId,
    label: translate(locale, spec.label),
    type: spec.type,
    options: (spec.options ?? []).map((key, index) => ({ id: index + 1, label: translate(locale, key) })),
    layout_orientation: spec.orientation ?? 'horizontal',
    multiple_selection: spec.multiple ?? false,
    allow_multiple_groups: spec.allowMultipleGroups ?? false,
    points_total: spec.type === 'scaling' ? INSTANT_DEFAULT_POINTS : null,
  };
}

export function templateGroups(locale: TLocale): TInstantTemplateGroup[] {
  return TEMPLATE_GROUPS.map((group) => ({
    id: group.id,
    name: translate(locale, group.name),
    description: translate(locale, group.description),
    questions: group.questions.map((q) => templateQuestion(locale, group.id, q)),
  }));
}

export function templateQuestions(locale: TLocale): TInstantTemplateQuestion[] {
  return templateGroups(locale).flatMap((group) => group.questions);
}
