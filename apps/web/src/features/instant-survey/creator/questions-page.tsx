import { Alert, Button, Group, List, Stack, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useRoutePath } from '../../../shared/routing/route-set-context.tsx';
import { useCreatorStore } from './creator-store.ts';
import { checkQuestions, newQuestion, type TQuestionProblems } from './draft-rules.ts';
import { QuestionEditor } from './question-editor.tsx';
import { wantsQuestionProblemsShown } from './show-question-problems.ts';

/** Creator step one: the title and the questions, checked with the §5 rules before moving on. */
export function QuestionsPage() {
  const { t } = useTranslation(['instantSurvey', 'common']);
  useDocumentTitle(t('common:documentTitle', { page: t('creator.stepQuestions') }));
  const path = useRoutePath();
  const navigate = useNavigate();
  const draft = useCreatorStore((state) => state.draft);
  const change = useCreatorStore((state) => state.change);
  const { state: arrivedWith } = useLocation();
  // Once the host asked to go on, the problems are those of the draft as it is now: a box that
  // kept the problems of that moment stayed on screen after the host had fixed them.
  const [checking, setChecking] = useState(() => wantsQuestionProblemsShown(arrivedWith));
  const problems: TQuestionProblems | null = checking ? checkQuestions(draft) : null;

  const next = () => {
    setChecking(true);
    if (!checkQuestions(draft)) void navigate(path('surveys/new/participants.html'));
  };

  return (
    <Stack gap="lg">
      <TextInput
        label={t('creator.surveyTitle')}
        size="md"
        value={draft.title}
        error={problems?.titleMissing ? t('validation.titleRequired') : null}
        onChange={(e) => {
          const title = e.currentTarget.value;
          change((d) => ({ ...d, title }));
        }}
      />
      {draft.questions.map((question, index) => (
        <QuestionEditor
          key={question.key}
          number={index + 1}
          question={question}
          onChange={(updated) => change((d) => ({ ...d, questions: d.questions.map((q) => (q.key === question.key ? updated : q)) }))}
          onRemove={() => change((d) => ({ ...d, questions: d.questions.filter((q) => q.key !== question.key) }))}
        />
      ))}
      <Button variant="light" w="fit-content" onClick={() => change((d) => ({ ...d, questions: [...d.questions, newQuestion()] }))}>
        {t('creator.addQuestion')}
      </Button>
      {problems && (problems.noQuestions || problems.unlabelled.length > 0 || problems.fewOptions.length > 0) && (
        <Alert color="red" variant="light" role="alert" data-testid="questions-error">
          <List size="sm" spacing={4}>
            {(problems.noQuestions || problems.unlabelled.length > 0) && <List.Item>{t('validation.questionsInvalid')}</List.Item>}
            {problems.unlabelled.length > 0 && <List.Item>{`${t('validation.labelMissing')} ${problems.unlabelled.join(', ')}`}</List.Item>}
            {problems.fewOptions.length > 0 && <List.Item>{t('validation.optionsMissing')}</List.Item>}
            {problems.fewOptions.length > 0 && <List.Item>{`${t('validation.checkOptions')} ${problems.fewOptions.join(', ')}`}</List.Item>}
          </List>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button size="md" onClick={next}>
          {t('creator.next')}
        </Button>
      </Group>
    </Stack>
  );
}
