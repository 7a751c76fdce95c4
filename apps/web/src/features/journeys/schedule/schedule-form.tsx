import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DEFAULT_REMINDER_CADENCE, type TJourneyRepeat, type TJourneySchedule, type TJourneyScheduleInput } from '@ona/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../shared/api/api-error.ts';
import { notify } from '../../../shared/notifications/notify.ts';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { splitServerErrors } from '../journey-errors.ts';
import { refreshSchedule, saveRepeat, saveSchedule } from './schedule-api.ts';

const FIELDS = ['opens_at', 'closes_at', 'reminders.days_after_opening', 'reminders.last_day_at'] as const;

/** "3, 7" → [3, 7]; empty → []; null when something is not a whole number of days from 1 to 365. */
function parseDays(text: string): number[] | null {
  const parts = text.split(',').map((part) => part.trim()).filter((part) => part !== '');
  const days = parts.map(Number);
  return days.every((day) => Number.isInteger(day) && day >= 1 && day <= 365) ? days : null;
}
type TRepeatChoice = 'none' | '6' | '12';

/** The opening and closing the journey now has (its newest steps of each), to start the form from. */
function currentTimes(schedule: TJourneySchedule): TJourneyScheduleInput {
  const live = schedule.steps.filter((step) => step.status !== 'cancelled' || step.reason === 'skipped');
  const last = (kind: string) => live.filter((step) => step.kind === kind).at(-1)?.local_time ?? '';
  return { opens_at: last('open'), closes_at: last('close') };
}

type TScheduleFormProps = { engagementId: number; organizationId: number; schedule: TJourneySchedule; repeat: TJourneyRepeat };

/** Opening and closing in the organisation's time zone, and whether the programme repeats. */
export function ScheduleForm({ engagementId, organizationId, schedule, repeat }: TScheduleFormProps) {
  const { t } = useTranslation(['journeys', 'common']);
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [values, setValues] = useState<TJourneyScheduleInput>(() => currentTimes(schedule));
  // The cadence is not kept apart from its steps: the form starts from the default each time.
  const [reminderDays, setReminderDays] = useState(DEFAULT_REMINDER_CADENCE.days_after_opening.join(', '));
  const [lastDayAt, setLastDayAt] = useState(DEFAULT_REMINDER_CADENCE.last_day_at ?? '');
  const [daysInvalid, setDaysInvalid] = useState(false);
  const [repeatChoice, setRepeatChoice] = useState<TRepeatChoice>(repeat.every_months === null ? 'none' : repeat.every_months === 6 ? '6' : '12');

  const save = useMutation<void, ApiError, TJourneyScheduleInput>({
    mutationFn: async (body) => {
      await saveSchedule(engagementId, body);
      await saveRepeat(engagementId, { every_months: repeatChoice === 'none' ? null : repeatChoice === '6' ? 6 : 12 });
    },
    onSuccess: async () => {
      notify('success', t('schedule.saved'));
      await refreshSchedule(queryClient, organizationId, engagementId);
    },
  });
  const server = splitServerErrors(save.error, FIELDS);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const days = parseDays(reminderDays);
    setDaysInvalid(days === null);
    if (days === null) return;
    save.mutate({ ...values, reminders: { days_after_opening: days, last_day_at: lastDayAt === '' ? null : lastDayAt } });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="schedule-form-title">
      <Stack gap="md">
        <Text id="schedule-form-title" fw={600}>
          {t('schedule.formTitle')}
        </Text>
        <Text fz="sm" c="dimmed" data-testid="schedule-time-zone">
          {t('schedule.timeZone', { zone: schedule.time_zone })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            type="datetime-local"
            label={t('schedule.opensAt')}
            required
            value={values.opens_at}
            error={server.byField.opens_at ?? null}
            onChange={(event) => setValues((previous) => ({ ...previous, opens_at: event.currentTarget.value }))}
            data-testid="schedule-opens-at"
          />
          <TextInput
            type="datetime-local"
            label={t('schedule.closesAt')}
            required
            value={values.closes_at}
            error={server.byField.closes_at ?? null}
            onChange={(event) => setValues((previous) => ({ ...previous, closes_at: event.currentTarget.value }))}
            data-testid="schedule-closes-at"
          />
          <Select
            label={t('schedule.repeat')}
            value={repeatChoice}
            allowDeselect={false}
            onChange={(value) => setRepeatChoice(value === '6' || value === '12' ? value : 'none')}
            data={[
              { value: 'none', label: t('schedule.repeatNone') },
              { value: '6', label: t('schedule.repeat6') },
              { value: '12', label: t('schedule.repeat12') },
            ]}
            data-testid="schedule-repeat"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('schedule.reminderDays')}
            description={t('schedule.reminderDaysHelp')}
            inputMode="numeric"
            value={reminderDays}
            error={daysInvalid ? t('schedule.reminderDaysInvalid') : (server.byField['reminders.days_after_opening'] ?? null)}
            onChange={(event) => setReminderDays(event.currentTarget.value)}
            data-testid="schedule-reminder-days"
          />
          <TextInput
            type="time"
            label={t('schedule.lastDayAt')}
            description={t('schedule.lastDayAtHelp')}
            value={lastDayAt}
            error={server.byField['reminders.last_day_at'] ?? null}
            onChange={(event) => setLastDayAt(event.currentTarget.value)}
            data-testid="schedule-last-day-at"
          />
        </SimpleGrid>
        <Text fz="sm" c="dimmed">
          {t('schedule.repeatHint')}
        </Text>
        {save.error && server.general && (
          <Alert color="red" variant="light" role="alert" data-testid="schedule-error">
            {errorMessage(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="schedule-save">
            {t('schedule.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
