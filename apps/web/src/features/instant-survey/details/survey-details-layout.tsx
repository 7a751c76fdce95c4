import { Badge, Button, Group, Modal, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZInstantSocketMessage, type TInstantSocketMessage, type TInstantSurvey } from '@ona/contracts';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import type { ApiError } from '../../../shared/api/api-error.ts';
import { useDownload } from '../../../shared/api/use-download.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { copyText } from '../../../shared/clipboard/copy-text.ts';
import { notify } from '../../../shared/notifications/notify.ts';
import { useRoutePath } from '../../../shared/routing/route-set-context.tsx';
import { CenteredLoader } from '../../../shared/ui/centered-loader.tsx';
import { ErrorState, useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { Icon } from '../../../shared/ui/icon.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useCreatorStore } from '../creator/creator-store.ts';
import { draftFromSurvey } from '../creator/draft-rules.ts';
import { closeSurvey, deleteSurvey, INSTANT_KEY, startSurvey, surveyQuery } from '../instant-survey-api.ts';
import { StateBadge } from '../state-badge.tsx';
import { useLiveSurvey } from '../use-live-survey.ts';
import type { TSurveyOutlet } from './use-survey-outlet.ts';
import { RouteTabPanel } from '../../../shared/ui/route-tab-panel.tsx';

/** The host's page checks each live message against its contracts schema (it carries zod anyway). */
function readHostMessage(data: unknown): TInstantSocketMessage | null {
  const parsed = ZInstantSocketMessage.safeParse(data);
  return parsed.success ? parsed.data : null;
}

const TABS = ['answers', 'graph', 'analysis', 'invites'] as const;
/** A busy survey sends many messages a second; the page reloads at most this often. */
const RELOAD_THROTTLE_MS = 400;

export function SurveyDetailsLayout() {
  const { t } = useTranslation(['instantSurvey', 'common']);
  const path = useRoutePath();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const surveyId = Number(useParams().instantSurveyId);
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const token = useAuthStore((state) => state.token);
  const survey = useQuery({ ...surveyQuery(surveyId), enabled: Number.isSafeInteger(surveyId) });
  useDocumentTitle(t('common:documentTitle', { page: survey.data?.title ?? t('surveys.title') }));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const download = useDownload();
  const reloadTimer = useRef<number | undefined>(undefined);

  // new_user refreshes the participants, anything else the survey (§4): both live in one query. A
  // (re)connection and a `refetch` (the server's subscription was gone for a while) reload it too.
  const reload = useCallback(() => {
    if (reloadTimer.current !== undefined) return;
    reloadTimer.current = window.setTimeout(() => {
      reloadTimer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: surveyQuery(surveyId).queryKey }, { cancelRefetch: false });
    }, RELOAD_THROTTLE_MS);
  }, [queryClient, surveyId]);
  const connected = useLiveSurvey(surveyId, token ? { token } : null, reload, readHostMessage);

  const onChanged = (updated: TInstantSurvey) => {
    queryClient.setQueryData(surveyQuery(surveyId).queryKey, updated);
    void queryClient.invalidateQueries({ queryKey: [INSTANT_KEY, 'surveys'] });
  };
  // "Copied" only when it was: otherwise the host would read out a code nobody has on the clipboard.
  const copyAndSay = async (text: string, done: string) => {
    if (await copyText(text)) notify('success', done);
    else notify('error', t('details.copyFailed'));
  };
  const start = useMutation<TInstantSurvey, ApiError>({ mutationFn: () => startSurvey(surveyId), onSuccess: (s) => { onChanged(s); notify('success', t('details.started')); }, onError: (e) => notify('error', errorMessage(e)) });
  const close = useMutation<TInstantSurvey, ApiError>({ mutationFn: () => closeSurvey(surveyId), onSuccess: (s) => { onChanged(s); notify('success', t('details.closed')); }, onError: (e) => notify('error', errorMessage(e)) });
  const remove = useMutation<void, ApiError>({
    mutationFn: () => deleteSurvey(surveyId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: surveyQuery(surveyId).queryKey });
      void queryClient.invalidateQueries({ queryKey: [INSTANT_KEY, 'surveys'] });
      void navigate(path('surveys/list.html'));
    },
    onError: (e) => notify('error', errorMessage(e)),
  });

  if (survey.isPending) return <CenteredLoader label={t('loading')} />;
  if (survey.isError) return <ErrorState error={survey.error} onRetry={() => void survey.refetch()} />;
  const data = survey.data;
  const active = TABS.find((tab) => pathname.endsWith(`/${tab}.html`)) ?? 'answers';
  const answered = new Set(data.answers.map((a) => a.participant_id)).size;
  // Listed people who never opened the survey are not in the room: count those who joined.
  const joined = data.participants.filter((p) => p.joined).length;
  const joinUrl = `${window.location.origin}${path('login.html')}`;
  // A shared link must carry the code: the join page shows nothing to someone without it.
  const participantLink = `${window.location.origin}${path(`take-survey/${data.public_id}.html`)}?${new URLSearchParams({ code: data.code }).toString()}`;
  const outlet: TSurveyOutlet = { survey: data };

  const actions = (
    <Group gap="xs">
      {data.state === 'pending' && (
        <Button onClick={() => start.mutate()} loading={start.isPending} leftSection={<Icon name="chevronRight" size={16} />}>
          {t('details.start')}
        </Button>
      )}
      {data.state === 'started' && (
        <Button color="dark" onClick={() => close.mutate()} loading={close.isPending}>
          {t('details.close')}
        </Button>
      )}
      {data.state !== 'closed' && (
        <Button
          variant="default"
          onClick={() => {
            useCreatorStore.getState().load(draftFromSurvey(data));
            void navigate(path('surveys/new/questions.html'));
          }}
        >
          {t('details.edit')}
        </Button>
      )}
      <Button variant="default" leftSection={<Icon name="download" size={16} />} loading={download.isPending} onClick={() => download.mutate({ path: `/instant-survey/surveys/${surveyId}/export/`, fallbackName: 'instant-survey.xlsx' })}>
        {t('details.export')}
      </Button>
      <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
        {t('details.delete')}
      </Button>
    </Group>
  );

  return (
    <>
      <PageHeader title={data.title} back={{ to: path('surveys/list.html'), label: t('details.back') }} subtitle={<StateBadge state={data.state} />} actions={actions} />
      <Paper withBorder radius="lg" p="md" mb="lg">
        <Group justify="space-between" gap="md">
          {data.state !== 'closed' ? (
            <Stack gap={2}>
              <Text fz="xs" c="dimmed">
                {t('details.joinAt', { url: joinUrl })}
              </Text>
              <Group gap="xs">
                <Text ff="monospace" fz={28} fw={700} lts="0.15em" data-testid="survey-code">
                  {data.code}
                </Text>
                <Button size="xs" variant="light" onClick={() => void copyAndSay(data.code, t('details.codeCopied'))}>
                  {t('details.copyCode')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  data-testid="copy-participant-link"
                  data-link={participantLink}
                  onClick={() => void copyAndSay(participantLink, t('details.linkCopied'))}
                >
                  {t('details.copyLink')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Text c="dimmed">{t('details.closed')}</Text>
          )}
          <Group gap="sm">
            <Badge size="lg" variant="light" data-testid="participant-counter">
              {t('details.joinedCount', { count: joined })}
            </Badge>
            <Badge size="lg" variant="light" color="teal">
              {t('details.answeredCount', { count: answered })}
            </Badge>
            <Badge size="lg" variant="dot" color={connected ? 'teal' : 'gray'} data-testid="live-status" data-connected={connected}>
              {connected ? t('details.live') : t('details.offline')}
            </Badge>
          </Group>
        </Group>
      </Paper>
      <Tabs id="instant-details-menu" value={active} onChange={(value) => value && void navigate(path(`surveys/${surveyId}/${value}.html`))} mb="lg">
        <Tabs.List>
          <Tabs.Tab value="answers">{t('details.answersTab')}</Tabs.Tab>
          <Tabs.Tab value="graph">{t('details.graphTab')}</Tabs.Tab>
          <Tabs.Tab value="analysis">{t('details.analysisTab')}</Tabs.Tab>
          <Tabs.Tab value="invites">{t('details.invitesTab')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <RouteTabPanel tabsId="instant-details-menu" value={active}>
      <Outlet context={outlet} />
      </RouteTabPanel>
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={t('details.deleteTitle')} centered>
        <Text mb="lg">{t('details.deleteText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmDelete(false)}>
            {t('details.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            {t('details.delete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
