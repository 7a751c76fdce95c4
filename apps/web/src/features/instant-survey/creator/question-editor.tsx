import { ActionIcon, Button, Card, Checkbox, Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { INSTANT_QUESTION_TYPES, type TInstantQuestionType } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { emptyOption, isOptionQuestion, type TDraftQuestion } from './draft-rules.ts';

type TQuestionEditorProps = {
  question: TDraftQuestion;
  number: number;
  onChange: (question: TDraftQuestion) => void;
  onRemove: () => void;
};

/** One question of the creator: text, type, and what the type needs (options, drag direction, points). */
export function QuestionEditor({ question, number, onChange, onRemove }: TQuestionEditorProps) {
  const { t } = useTranslation('instantSurvey');
  const set = (patch: Partial<TDraftQuestion>) => onChange({ ...question, ...patch });
  const withOptions = isOptionQuestion(question.type);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="question-editor">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={700}>{t('creator.question', { number })}</Text>
          <Button variant="subtle" color="red" size="xs" onClick={onRemove}>
            {t('creator.removeQuestion')}
          </Button>
        </Group>
        <TextInput label={t('creator.label')} value={question.label} onChange={(e) => set({ label: e.currentTarget.value })} />
        <Select
          label={t('creator.type')}
          allowDeselect={false}
          value={question.type}
          data={INSTANT_QUESTION_TYPES.map((type) => ({ value: type, label: t(`questionTypes.${type}`) }))}
          onChange={(value) => value && set({ type: value as TInstantQuestionType })}
        />
        {question.type === 'user_select' && (
          <Checkbox label={t('creator.multipleSelection')} checked={question.multiple_selection} onChange={(e) => set({ multiple_selection: e.currentTarget.checked })} />
        )}
        {withOptions && (
          <Stack gap="xs">
            <Text fz="sm" fw={500}>
              {t('creator.options')}
            </Text>
            {question.options.map((option, index) => (
              <Group key={option.key} gap="xs" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  aria-label={t('creator.option', { number: index + 1 })}
                  placeholder={t('creator.option', { number: index + 1 })}
                  value={option.label}
                  onChange={(e) => {
                    const label = e.currentTarget.value;
                    set({ options: question.options.map((o) => (o.key === option.key ? { ...o, label } : o)) });
                  }}
                />
                <ActionIcon variant="subtle" color="red" aria-label={t('creator.removeOption')} onClick={() => set({ options: question.options.filter((o) => o.key !== option.key) })}>
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Button variant="light" size="xs" w="fit-content" onClick={() => set({ options: [...question.options, emptyOption()] })}>
              {t('creator.addOption')}
            </Button>
          </Stack>
        )}
        {question.type === 'options' && (
          <>
            <div>
              <Text fz="sm" fw={500} mb={4}>
                {t('creator.dragDirection')}
              </Text>
              <SegmentedControl
                value={question.layout_orientation}
                onChange={(value) => set({ layout_orientation: value === 'vertical' ? 'vertical' : 'horizontal' })}
                data={[
                  { value: 'horizontal', label: t('creator.horizontal') },
                  { value: 'vertical', label: t('creator.vertical') },
                ]}
              />
            </div>
            <Checkbox label={t('creator.multipleGroups')} checked={question.allow_multiple_groups} onChange={(e) => set({ allow_multiple_groups: e.currentTarget.checked })} />
          </>
        )}
        {question.type === 'scaling' && (
          <NumberInput label={t('creator.points')} min={1} max={1000} value={question.points_total} onChange={(value) => set({ points_total: typeof value === 'number' ? value : 10 })} w={200} />
        )}
      </Stack>
    </Card>
  );
}
