import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { TInstantAnswerValue, TInstantParticipantSurvey } from '@ona/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { connectionBack, isConnectionLost } from '../../../shared/api/connection.ts';
import { saveSequence } from '../../../shared/api/save-sequence.ts';
import { useRoutePath } from '../../../shared/routing/route-set-context.tsx';
import { finishParticipant, saveParticipantAnswer } from '../participant-api.ts';
import { writeSurveyUser, type TStoredSurveyUser } from '../survey-user-storage.ts';
import { goTo } from './participant-location.ts';
import { ParticipantOutbox, type TOutboxItem } from './participant-outbox.ts';
import { QuestionStep } from './question-step.tsx';
import { questionIndexWithin } from './take-survey-screen.ts';
import { LabelledProgress } from '../../../shared/ui/labelled-progress.tsx';

type TQuestionFlowProps = { survey: TInstantParticipantSurvey; user: TStoredSurveyUser; onConflict: () => void };

/**
 * Previous / Next through the questions. Each Next saves the answer of the page being left (the
 * server replaces a repeated save, so a retry after a dropped connection never counts twice) and
 * remembers where the participant is, locally and on the server, so a reload resumes there.
 * Without a connection the participant goes on answering: the saves wait in the outbox
 * (participant-outbox.ts), the screen says they will be sent, and they are sent in order when the
 * connection returns; a finish made offline shows the thank-you page once it got through.
 */
export function QuestionFlow({ survey, user, onConflict }: TQuestionFlowProps) {
  const { t } = useTranslation('instantSurvey');
  const path = useRoutePath();
  const questions = survey.questions ?? [];
  const last = Math.max(0, questions.length - 1);
  const [wanted, setIndex] = useState(() => questionIndexWithin(questions.length, user.currentQuestionIndex, survey.user?.current_question_index));
  // A live reload may bring fewer questions (the host edited the running survey): stay inside them.
  const index = questionIndexWithin(questions.length, wanted);
  const [values, setValues] = useState<Map<number, TInstantAnswerValue>>(() => new Map((survey.answers ?? []).map((a) => [a.question_id, a.value])));
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const thankYou = path(`take-survey/${survey.id}/thankyou.html`);
  const outbox = useMemo(
    () =>
      new ParticipantOutbox(
        user.token,
        async (item: TOutboxItem) => {
          if (item.kind === 'answer') await saveParticipantAnswer(survey.id, user.token, item.body);
          else await finishParticipant(survey.id, user.token, item.currentQuestionIndex);
        },
        isConnectionLost,
      ),
    [survey.id, user.token],
  );
  // Saves made without a connection wait in the outbox (kept across a reload); the screen says so.
  const [offline, setOffline] = useState(() => outbox.size > 0);
  const [finishWaiting, setFinishWaiting] = useState(() => outbox.finishWaiting);

  const conflict = useRef(onConflict);
  conflict.current = onConflict;
  useEffect(() => {
    if (!offline) return undefined;
    let stopped = false;
    void (async () => {
      while (!stopped) {
        try {
          if (await outbox.flush()) break;
        } catch (error) {
          if (isApiError(error) && (error.status === 409 || error.status === 404 || error.status === 401 || error.status === 403)) conflict.current();
          continue;
        }
        await connectionBack();
      }
      if (stopped) return;
      setOffline(false);
      if (outbox.finishWaiting || finishWaiting) goTo(thankYou);
    })();
    return () => {
      stopped = true;
    };
  }, [offline, outbox, finishWaiting, thankYou]);

  const question = questions[index];
  if (!question) return null;
  const value = values.get(question.id) ?? null;

  const move = async (to: number, finished: boolean) => {
    const at = Math.min(to, last);
    // A last question left unanswered sends no answer, yet finishing must still be recorded.
    const item: TOutboxItem | null = value
      ? { kind: 'answer', body: { question_id: question.id, value, current_question_index: at, finished, sequence: saveSequence.next() } }
      : finished
        ? { kind: 'finish', currentQuestionIndex: at }
        : null;
    const goOn = () => {
      writeSurveyUser({ ...user, currentQuestionIndex: at });
      if (!finished) setIndex(to);
    };
    // Still offline: this save waits behind the earlier ones, and the participant goes on.
    if (offline) {
      if (item) outbox.add(item);
      if (finished) setFinishWaiting(true);
      goOn();
      return;
    }
    setSaving(true);
    setFailed(false);
    try {
      if (item) await outbox.send(item);
      goOn();
      if (finished) goTo(thankYou);
    } catch (error) {
      if (item && isConnectionLost(error)) {
        outbox.add(item);
        if (finished) setFinishWaiting(true);
        setOffline(true);
        goOn();
      } else if (isApiError(error) && (error.status === 409 || error.status === 404 || error.status === 401 || error.status === 403)) onConflict();
      else setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fz="sm" c="dimmed" data-testid="question-progress">
          {t('takeSurvey.progress', { current: index + 1, total: questions.length })}
        </Text>
        <Text fz="sm" c="dimmed">{t('takeSurvey.youAre', { name: user.name })}</Text>
      </Group>
      <LabelledProgress value={((index + 1) / questions.length) * 100} size="sm" label={t('takeSurvey.progress', { current: index + 1, total: questions.length })} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={2} fz={{ base: 20, sm: 24 }} data-testid="question-label">
            {question.label}
          </Title>
          <QuestionStep question={question} value={value} people={survey.participants ?? []} selfId={user.id} onChange={(next) => setValues((current) => new Map(current).set(question.id, next))} />
        </Stack>
      </Paper>
      {offline && (
        <Alert color="gray" variant="light" role="status" data-testid="offline-status">
          {t('takeSurvey.offline')}
        </Alert>
      )}
      {failed && (
        <Alert color="red" variant="light" role="alert">
          {t('takeSurvey.saveFailed')}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" disabled={index === 0 || saving} onClick={() => void move(index - 1, false)}>
          {t('takeSurvey.previous')}
        </Button>
        {index < last ? (
          <Button loading={saving} onClick={() => void move(index + 1, false)}>
            {t('takeSurvey.next')}
          </Button>
        ) : (
          <Button loading={saving || finishWaiting} color="teal" onClick={() => void move(index, true)}>
            {t('takeSurvey.finish')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
