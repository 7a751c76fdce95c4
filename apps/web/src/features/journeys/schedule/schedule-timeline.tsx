import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { TJourneySchedule, TScheduleStep } from '@ona/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../shared/api/api-error.ts';
import { notify } from '../../../shared/notifications/notify.ts';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { MoveStepModal } from './move-step-modal.tsx';
import { refreshSchedule, stepAction, type TStepAction } from './schedule-api.ts';

const STATUS_COLOR: Record<TScheduleStep['status'], string> = { draft: 'gray', pending: 'blue', done: 'green', failed: 'red', cancelled: 'gray' };
const KNOWN_REASONS = ['closed_by_hand', 'journey_closed', 'schedule_replaced', 'schedule_removed', 'skipped', 'invitations_failed', 'next_wave_failed'] as const;
type TKnownReason = (typeof KNOWN_REASONS)[number];
const isKnownReason = (reason: string): reason is TKnownReason => (KNOWN_REASONS as readonly string[]).includes(reason);

type TScheduleTimelineProps = { engagementId: number; organizationId: number; schedule: TJourneySchedule };

/** What has happened and what will, in order, each pending step with "Send now", "Skip" and "Move". */
export function ScheduleTimeline({ engagementId, organizationId, schedule }: TScheduleTimelineProps) {
  const { t, i18n } = useTranslation(['journeys', 'common']);
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [moving, setMoving] = useState<TScheduleStep | null>(null);
  const act = useMutation<unknown, ApiError, { step: TScheduleStep; action: TStepAction }>({
    mutationFn: ({ step, action }) => stepAction(engagementId, step.id, action),
    onSuccess: async (_, { action }) => {
      notify('success', t(action === 'skip' ? 'schedule.skipped' : 'schedule.sentNow'));
      await refreshSchedule(queryClient, organizationId, engagementId);
    },
    onError: async (error) => {
      notify('error', errorMessage(error));
      await refreshSchedule(queryClient, organizationId, engagementId);
    },
  });
  // The organisation's wall clock, as the administrator entered it.
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short', timeZone: schedule.time_zone });
  const stepName = (step: TScheduleStep): string => t(`schedule.kinds.${step.kind}`);
  const reasonText = (reason: string): string => (isKnownReason(reason) ? t(`schedule.reasons.${reason}`) : t('schedule.reasons.other', { code: reason }));

  // When retention anonymises the answers (docs/privacy/retention.md): a day, in the reader's language.
  const day = (iso: string): string => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const { anonymisation } = schedule;
  const anonymisationLine = (
    <Text fz="sm" c="dimmed" mt="sm" data-testid="timeline-anonymisation" data-status={anonymisation.status}>
      {anonymisation.status === 'done'
        ? t('schedule.anonymisation.done', { date: day((anonymisation.done_at ?? anonymisation.due_on).slice(0, 10)) })
        : anonymisation.closed
          ? t('schedule.anonymisation.pending', { date: day(anonymisation.due_on) })
          : t('schedule.anonymisation.open', { closed: day(anonymisation.closed_on), date: day(anonymisation.due_on) })}
    </Text>
  );

  if (schedule.steps.length === 0) {
    return (
      <>
        <Text c="dimmed" fz="sm" data-testid="timeline-empty">
          {t('schedule.empty')}
        </Text>
        {anonymisationLine}
      </>
    );
  }
  return (
    <>
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('schedule.timelineTitle')} data-testid="schedule-timeline">
        {schedule.steps.map((step) => {
          const name = stepName(step);
          const actionable = step.status === 'pending' || step.status === 'draft';
          const busy = act.isPending && act.variables.step.id === step.id;
          return (
            <Paper component="li" key={step.id} withBorder radius="md" p="sm" data-testid={`timeline-step-${step.kind}`} data-status={step.status}>
              <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600}>{name}</Text>
                    <Badge color={STATUS_COLOR[step.status]} variant="light" data-testid="timeline-step-status">
                      {t(`schedule.status.${step.status}`)}
                    </Badge>
                  </Group>
                  <Text fz="sm" data-testid="timeline-step-time">
                    <time dateTime={step.due_at}>{format.format(new Date(step.due_at))}</time>
                  </Text>
                  {step.reason && (
                    <Text fz="sm" c="dimmed" data-testid="timeline-step-reason">
                      {reasonText(step.reason)}
                    </Text>
                  )}
                </Stack>
                {actionable && (
                  <Group gap="xs" wrap="wrap">
                    {step.status === 'pending' && (
                      <Button size="xs" variant="light" loading={busy && act.variables.action === 'send-now'} disabled={act.isPending} onClick={() => act.mutate({ step, action: 'send-now' })} aria-label={t('schedule.sendNowLabel', { step: name })} data-testid="step-send-now">
                        {t('schedule.sendNow')}
                      </Button>
                    )}
                    {step.kind !== 'next_wave' && (
                      <Button size="xs" variant="default" disabled={act.isPending} onClick={() => setMoving(step)} aria-label={t('schedule.moveLabel', { step: name })} data-testid="step-move">
                        {t('schedule.move')}
                      </Button>
                    )}
                    <Button size="xs" variant="default" color="red" loading={busy && act.variables.action === 'skip'} disabled={act.isPending} onClick={() => act.mutate({ step, action: 'skip' })} aria-label={t('schedule.skipLabel', { step: name })} data-testid="step-skip">
                      {t('schedule.skip')}
                    </Button>
                  </Group>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {anonymisationLine}
      {act.error && (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {errorMessage(act.error)}
        </Alert>
      )}
      {moving && <MoveStepModal engagementId={engagementId} organizationId={organizationId} step={moving} stepName={stepName(moving)} timeZone={schedule.time_zone} onClose={() => setMoving(null)} />}
    </>
  );
}
