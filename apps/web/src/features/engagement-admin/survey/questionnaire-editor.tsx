import { ActionIcon, Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { CONTENT_LANGUAGES, QUESTION_CATEGORIES, type TQuestionnaire } from '@ona/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/notifications/notify.ts';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { Icon } from '../../../shared/ui/icon.tsx';
import { ScrolledTable } from '../../../shared/ui/scrolled-table.tsx';
import { adminKeys, updateQuestionnaire } from '../admin-api.ts';
import { missingEnglish, moveQuestion, newQuestionKey, toDraft, toUpdate, type TDraftQuestion } from './questionnaire-draft.ts';

function questionText(texts: TQuestionnaire['questions'][number]['texts'], language: string): string {
  const own = (texts as Record<string, string | undefined>)[language];
  return own && own.trim() ? own : texts.en;
}

/** The questions with their categories; editable until the survey starts (DECISIONS.md). */
export function QuestionnaireEditor({ engagementId, questionnaire }: { engagementId: number; questionnaire: TQuestionnaire }) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [draft, setDraft] = useState<TDraftQuestion[] | null>(null);
  const missing = draft ? missingEnglish(draft) : [];

  const save = useMutation({
    mutationFn: (questions: TDraftQuestion[]) => updateQuestionnaire(engagementId, toUpdate(questions)),
    onSuccess: async () => {
      notify('success', t('survey.questionnaireSaved'));
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all(engagementId) });
    },
    onError: (error) => notify('error', errorMessage(error)),
  });
  const update = (position: number, change: (question: TDraftQuestion) => TDraftQuestion) =>
    setDraft((current) => current?.map((question, index) => (index === position ? change(question) : question)) ?? null);
  const categoryData = QUESTION_CATEGORIES.map((category) => ({ value: category, label: t(`categories.${category}`) }));

  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" mb="sm" gap="sm">
        <Group gap="xs">
          <Title order={2} fz="lg">
            {t('survey.questionnaire')}
          </Title>
          <Badge variant="light" color={questionnaire.editable ? 'teal' : 'gray'} data-testid="questionnaire-state">
            {questionnaire.editable ? t('survey.editable') : t('survey.locked')}
          </Badge>
        </Group>
        {questionnaire.editable && !draft && (
          <Button variant="default" size="sm" onClick={() => setDraft(toDraft(questionnaire))} data-testid="questionnaire-edit">
            {t('survey.editQuestionnaire')}
          </Button>
        )}
      </Group>
      {!questionnaire.editable && (
        <Text fz="sm" c="dimmed" mb="sm">
          {t('survey.lockedHint')}
        </Text>
      )}
      {!draft ? (
        // German categories are long single words: on a phone the table scrolls in its card, the page does not.
        <ScrolledTable data-testid="questionnaire-table" columns={[{ label: '#', w: 40 }, { label: t('survey.question') }, { label: t('survey.category') }]}>
          {[...questionnaire.questions]
            .sort((a, b) => a.index - b.index)
            .map((question, position) => (
              <Table.Tr key={question.id} data-testid="questionnaire-question">
                <Table.Td>{position + 1}</Table.Td>
                <Table.Td>{questionText(question.texts, i18n.language)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" tt="none" fw={500}>
                    {t(`categories.${question.category}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
        </ScrolledTable>
      ) : (
        <Stack gap="sm">
          {draft.map((question, position) => (
            <Paper key={question.key} withBorder radius="md" p="sm" data-testid="questionnaire-draft-question">
              <Group justify="space-between" mb="xs" wrap="nowrap">
                <Text fw={600} fz="sm">
                  {t('survey.questionNumber', { number: position + 1 })}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" color="gray" disabled={position === 0} onClick={() => setDraft(moveQuestion(draft, position, position - 1))} aria-label={t('survey.moveUp')}>
                    <span style={{ display: 'inline-flex', transform: 'rotate(-90deg)' }}>
                      <Icon name="chevronRight" size={16} />
                    </span>
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="gray" disabled={position === draft.length - 1} onClick={() => setDraft(moveQuestion(draft, position, position + 1))} aria-label={t('survey.moveDown')}>
                    <span style={{ display: 'inline-flex', transform: 'rotate(90deg)' }}>
                      <Icon name="chevronRight" size={16} />
                    </span>
                  </ActionIcon>
                  <Button size="compact-xs" variant="subtle" color="red" disabled={draft.length <= 1} onClick={() => setDraft(draft.filter((_, index) => index !== position))}>
                    {t('survey.removeQuestion')}
                  </Button>
                </Group>
              </Group>
              <NativeSelect
                label={t('survey.category')}
                data={categoryData}
                value={question.category}
                onChange={(event) => {
                  const value = QUESTION_CATEGORIES.find((category) => category === event.currentTarget.value);
                  if (value) update(position, (current) => ({ ...current, category: value }));
                }}
                mb="xs"
                maw={320}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                {CONTENT_LANGUAGES.map((language) => (
                  <Textarea
                    key={language}
                    label={t('survey.textIn', { language: t(`contentLanguages.${language}`) })}
                    required={language === 'en'}
                    autosize
                    minRows={1}
                    maxLength={500}
                    value={question.texts[language]}
                    error={language === 'en' && missing.includes(position) ? t('survey.englishRequired') : undefined}
                    onChange={(event) => {
                      const text = event.currentTarget.value;
                      update(position, (current) => ({ ...current, texts: { ...current.texts, [language]: text } }));
                    }}
                  />
                ))}
              </SimpleGrid>
            </Paper>
          ))}
          <Group justify="space-between" gap="sm">
            <Button
              variant="light"
              onClick={() => {
                const key = newQuestionKey(draft);
                setDraft([...draft, { key, kind: key, category: 'work_cooperation', texts: { en: '', hu: '', de: '', ru: '' } }]);
              }}
            >
              {t('survey.addQuestion')}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={() => setDraft(null)} disabled={save.isPending}>
                {t('survey.cancel')}
              </Button>
              <Button onClick={() => save.mutate(draft)} loading={save.isPending} disabled={missing.length > 0} data-testid="questionnaire-save">
                {t('survey.saveQuestionnaire')}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
