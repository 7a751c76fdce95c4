import { Button, Container, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { TInstantSocketMessage } from '@ona/contracts';
import { lazy, Suspense, useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { LanguageSwitcher } from '../../shared/i18n/language-switcher.tsx';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState, useErrorMessage } from '../../shared/ui/error-state.tsx';
import { joinSurvey, readLiveMessage } from './participant-api.ts';
import { forgetSurveyUser, readSurveyUser, writeSurveyUser, type TStoredSurveyUser } from './survey-user-storage.ts';
import { goTo, useParticipantLocation } from './take/participant-location.ts';
import { takeSurveyScreen } from './take/take-survey-screen.ts';
import { useParticipantSurvey } from './take/use-participant-survey.ts';
import { useLiveSurvey } from './use-live-survey.ts';
import { MAIN_CONTENT_ID } from '../../shared/ui/skip-link.tsx';

// The questions and their inputs (number, radio, chip, textarea…) come as a chunk of their own:
// the first screen, the name field, needs none of it. Fetching starts when the participant presses
// Start, in parallel with the join request.
const loadQuestionFlow = () => import('./take/question-flow.tsx');
const QuestionFlow = lazy(() => loadQuestionFlow().then((m) => ({ default: m.QuestionFlow })));

function Frame({ title, children }: { title?: string | undefined; children: ReactNode }) {
  return (
    <Container component="main" id={MAIN_CONTENT_ID} size="sm" py={{ base: 'md', sm: 'xl' }} px="md">
      <Stack gap="lg">
        <Stack gap={4}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
            <LanguageSwitcher />
          </Text>
          {title && (
            <Title order={1} fz={{ base: 22, sm: 28 }} data-testid="survey-title">
              {title}
            </Title>
          )}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

/** A participant who has finished sees the thank-you page (the address changes without a reload). */
function ToThankYou({ href }: { href: string }) {
  useEffect(() => goTo(href, { replace: true }), [href]);
  return null;
}

function Notice({ text, testId, action }: { text: string; testId: string; action?: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" ta="center" gap="md">
        <Text fw={600} data-testid={testId}>
          {text}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}

/**
 * take-survey/{public id}.html: join with a name (the link carries the survey code as `?code=`,
 * from the code entry or a shared link; without it the server shows nothing), or arrive through
 * an invitation link carrying a token;
 * wait while the survey is pending, answer once it starts. The survey user is kept in local
 * storage, so a reload or a dropped connection resumes with the same identity.
 */
export function TakeSurveyPage({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation(['instantSurvey', 'common']);
  const path = useRoutePath();
  const errorMessage = useErrorMessage();
  // `surveyId`: the survey's public id (participants never see the sequential one).
  const location = useParticipantLocation();
  const searchParams = location.searchParams;
  const setSearchParams = useCallback((next: Record<string, string>) => {
    const query = new URLSearchParams(next).toString();
    goTo(`${window.location.pathname}${query ? `?${query}` : ''}`, { replace: true });
  }, []);
  const inviteToken = searchParams.get('token');
  const code = searchParams.get('code');
  const [user, setUser] = useState<TStoredSurveyUser | null>(() => readSurveyUser(surveyId));
  const token = inviteToken ?? user?.token ?? null;
  const survey = useParticipantSurvey(surveyId, token, token ? null : code);
  useDocumentTitle(t('common:documentTitle', { page: survey.data?.title ?? t('takeSurvey.title') }));

  // An invitation link: its token is who this participant is from now on.
  useEffect(() => {
    const arrived = survey.data?.user;
    if (!arrived || !inviteToken) return;
    const stored = { id: arrived.id, survey: surveyId, name: arrived.name, currentQuestionIndex: arrived.current_question_index, token: inviteToken };
    writeSurveyUser(stored);
    setUser(stored);
    setSearchParams(code ? { code } : {});
  }, [survey.data, inviteToken, code, surveyId, setSearchParams]);

  // A token the server no longer knows (or another survey's): forget it and offer to join again.
  // A refused invitation token still proves the invitation, so joining sends it along with the code.
  const refused = isApiError(survey.error) && (survey.error.status === 401 || survey.error.status === 403);
  const [joinInvitation, setJoinInvitation] = useState<string | null>(null);
  useEffect(() => {
    if (!refused) return;
    forgetSurveyUser(surveyId);
    setUser(null);
    if (inviteToken) setJoinInvitation(inviteToken);
    if (inviteToken) setSearchParams(code ? { code } : {});
  }, [refused, surveyId, inviteToken, code, setSearchParams]);

  // A room of phones hears every join. The message names the newcomer, which is all a phone needs
  // (the people to choose from), so it is added in place: reloading the survey on every join would
  // cost a room of n phones n² loads while it fills. State changes and reconnections reload.
  const { refetch, update } = survey;
  const onLive = useCallback(
    (message: TInstantSocketMessage | null) => {
      if (message?.type !== 'new_user') {
        void refetch();
        return;
      }
      update((current) => {
        if (!current.participants || current.participants.some((p) => p.id === message.user.id)) return current;
        return { ...current, participants: [...current.participants, message.user] };
      });
    },
    [refetch, update],
  );
  useLiveSurvey(surveyId, user ? { instant_token: user.token } : null, onLive, readLiveMessage);

  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [joining, setJoining] = useState(false);
  const [joinError, setJoinError] = useState<unknown>(null);
  const join = async (given: string) => {
    setJoining(true);
    setJoinError(null);
    try {
      const created = await joinSurvey(surveyId, given, { code, invitationToken: joinInvitation });
      const stored = { id: created.id, survey: created.survey, name: created.name, currentQuestionIndex: 0, token: created.token };
      writeSurveyUser(stored);
      setUser(stored);
    } catch (error) {
      setJoinError(error);
    } finally {
      setJoining(false);
    }
  };

  const screen = takeSurveyScreen({ validId: /^[0-9a-f-]{36}$/.test(surveyId), data: survey.data, error: survey.error, hasUser: user !== null });
  if (screen === 'not-found') {
    return <Frame><Notice text={t('takeSurvey.notFound')} testId="survey-not-found" action={<Button component="a" href={path('login.html')} variant="light">{t('takeSurvey.back')}</Button>} /></Frame>;
  }
  if (screen === 'error') return <Frame><ErrorState error={survey.error} onRetry={() => void survey.refetch()} /></Frame>;
  if (screen === 'loading' || !survey.data) return <CenteredLoader label={t('loading')} />;
  const data = survey.data;
  if (screen === 'closed') return <Frame title={data.title}><Notice text={t('takeSurvey.closed')} testId="survey-closed" /></Frame>;
  if (screen === 'thank-you') return <ToThankYou href={path(`take-survey/${surveyId}/thankyou.html`)} />;

  if (screen === 'join' || !user) {
    const submit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setTouched(true);
      if (!name.trim()) return;
      void loadQuestionFlow();
      void join(name.trim());
    };
    return (
      <Frame title={data.title}>
        <Paper withBorder radius="lg" p="lg">
          <form onSubmit={submit} noValidate>
            <Stack>
              <TextInput
                label={t('takeSurvey.nameLabel')}
                placeholder={t('takeSurvey.namePlaceholder')}
                size="md"
                autoComplete="name"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={touched && !name.trim() ? t('validation.required') : joinError ? errorMessage(joinError) : null}
              />
              <Button type="submit" size="md" loading={joining}>
                {t('takeSurvey.start')}
              </Button>
            </Stack>
          </form>
        </Paper>
      </Frame>
    );
  }

  if (screen === 'waiting') {
    return (
      <Frame title={data.title}>
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" ta="center" gap="md">
            <Loader type="dots" />
            <Text fw={600} fz="lg" data-testid="survey-waiting">
              {t('takeSurvey.wait')}
            </Text>
            <Text c="dimmed" fz="sm">{t('takeSurvey.waitHint')}</Text>
          </Stack>
        </Paper>
      </Frame>
    );
  }

  return (
    <Frame title={data.title}>
      <Suspense fallback={<CenteredLoader label={t('loading')} />}>
        <QuestionFlow key={user.token} survey={data} user={user} onConflict={() => void survey.refetch()} />
      </Suspense>
    </Frame>
  );
}
