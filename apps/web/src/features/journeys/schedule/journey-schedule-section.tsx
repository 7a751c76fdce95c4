import { Alert, Anchor, Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import type { TEngagement, TJourneySchedule } from '@ona/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiError } from '../../../shared/api/api-error.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { notify } from '../../../shared/notifications/notify.ts';
import { useRoutePath } from '../../../shared/routing/route-set-context.tsx';
import { CenteredLoader } from '../../../shared/ui/centered-loader.tsx';
import { ErrorState, useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { confirmSchedule, hasStepUnderway, refreshSchedule, repeatQuery, scheduleQuery } from './schedule-api.ts';
import { ScheduleForm } from './schedule-form.tsx';
import { ScheduleTimeline } from './schedule-timeline.tsx';

/**
 * The form starts again from the schedule whenever its opening or closing changes (a move, a send
 * now, a save), so it never shows times the timeline no longer has.
 */
function formKey(schedule: TJourneySchedule): string {
  return schedule.steps
    .filter((step) => step.kind === 'open' || step.kind === 'close')
    .map((step) => `${step.id}:${step.local_time}`)
    .join('|');
}

/** How often the timeline looks again while a step's time has come and its job has not reported. */
const UNDERWAY_POLL_MS = 2000;

/** The journey page's schedule (engagement administrators only): the form, a draft's confirmation, the timeline. */
export function JourneyScheduleSection({ journey }: { journey: TEngagement }) {
  const { t } = useTranslation(['journeys', 'common']);
  const path = useRoutePath();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  const schedule = useQuery({ ...scheduleQuery(organizationId, journey.id), refetchInterval: (query) => (hasStepUnderway(query.state.data) ? UNDERWAY_POLL_MS : false) });
  const repeat = useQuery(repeatQuery(organizationId, journey.id));
  const confirm = useMutation<unknown, ApiError>({
    mutationFn: () => confirmSchedule(journey.id),
    onSuccess: async () => {
      notify('success', t('schedule.draft.confirmed'));
      await refreshSchedule(queryClient, organizationId, journey.id);
    },
  });

  let body;
  if (schedule.isError || repeat.isError) body = <ErrorState error={schedule.error ?? repeat.error} onRetry={() => void Promise.all([schedule.refetch(), repeat.refetch()])} />;
  else if (!schedule.data || !repeat.data) body = <CenteredLoader label={t('schedule.loading')} />;
  else {
    body = (
      <Stack gap="lg">
        {repeat.data.draft && (
          <Alert color="yellow" variant="light" title={t('schedule.draft.title')} data-testid="schedule-draft">
            <Stack gap="sm" align="flex-start">
              <Text fz="sm">{t('schedule.draft.body')}</Text>
              {confirm.error && (
                <Text fz="sm" c="red.8" role="alert">
                  {[errorMessage(confirm.error), ...Object.values(confirm.error.errors ?? {}).flat()].join(' ')}
                </Text>
              )}
              <Button size="sm" loading={confirm.isPending} onClick={() => confirm.mutate()} data-testid="schedule-confirm">
                {t('schedule.draft.confirm')}
              </Button>
            </Stack>
          </Alert>
        )}
        <ScheduleForm key={formKey(schedule.data)} engagementId={journey.id} organizationId={organizationId} schedule={schedule.data} repeat={repeat.data} />
        {repeat.data.next_wave && (
          <Text fz="sm" data-testid="schedule-next-wave">
            {t('schedule.nextWaveCreated')}{' '}
            <Anchor component={Link} to={path(`engagements/${repeat.data.next_wave.id}.html`)}>
              {repeat.data.next_wave.name}
            </Anchor>
          </Text>
        )}
        <Divider />
        <Stack gap="sm">
          <Title order={3} fz="md">
            {t('schedule.timelineTitle')}
          </Title>
          <ScheduleTimeline engagementId={journey.id} organizationId={organizationId} schedule={schedule.data} />
        </Stack>
      </Stack>
    );
  }
  return (
    <Paper component="section" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} mb="xl" aria-labelledby="journey-schedule-title" data-testid="journey-schedule">
      <Title id="journey-schedule-title" order={2} fz="lg" mb="md">
        {t('schedule.title')}
      </Title>
      {body}
    </Paper>
  );
}
