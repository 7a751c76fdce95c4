import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { TCurrentOrganization } from '@ona/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/notifications/notify.ts';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { organizationQueryKey, updateOrganization } from './organization-admin-api.ts';

/**
 * The organisation's time zone (journeys are scheduled in it) and when scheduled reminders and
 * digests may arrive: sending hours in each person's own time zone, weekends or not, and the most
 * reminders one person gets per journey (docs/journeys.md, "Reminders").
 */
export function SchedulingSettingsPanel({ organization }: { organization: TCurrentOrganization }) {
  const { t } = useTranslation(['organizationPolicies', 'organizationAdmin']);
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [timeZone, setTimeZone] = useState(organization.time_zone);
  const [start, setStart] = useState(organization.sending_hours_start);
  const [end, setEnd] = useState(organization.sending_hours_end);
  const [weekends, setWeekends] = useState(organization.send_on_weekends);
  const [maxReminders, setMaxReminders] = useState<number>(organization.reminder_max_per_person);
  // The browser's own list of IANA zones; the server checks the name again.
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const save = useMutation({
    mutationFn: () => updateOrganization({ time_zone: timeZone, sending_hours_start: start, sending_hours_end: end, send_on_weekends: weekends, reminder_max_per_person: maxReminders }),
    onSuccess: (saved) => {
      queryClient.setQueryData(organizationQueryKey, saved);
      notify('success', t('organizationAdmin:settings.saved'));
    },
    onError: (error) => notify('error', errorMessage(error)),
  });
  const hoursError = start && end && end <= start ? t('scheduling.hoursReversed') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!hoursError) save.mutate();
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={1040}>
      <form onSubmit={submit} noValidate data-testid="scheduling-settings-form">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              {t('scheduling.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('scheduling.help')}
            </Text>
          </div>
          <Select label={t('scheduling.timeZone')} description={t('scheduling.timeZoneHelp')} data={zones} value={timeZone} onChange={(value) => value && setTimeZone(value)} searchable allowDeselect={false} data-testid="organization-time-zone" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput type="time" label={t('scheduling.hoursStart')} value={start} onChange={(event) => setStart(event.currentTarget.value)} required data-testid="sending-hours-start" />
            <TextInput type="time" label={t('scheduling.hoursEnd')} value={end} onChange={(event) => setEnd(event.currentTarget.value)} error={hoursError} required data-testid="sending-hours-end" />
          </SimpleGrid>
          <Switch label={t('scheduling.weekends')} checked={weekends} onChange={(event) => setWeekends(event.currentTarget.checked)} data-testid="send-on-weekends" />
          <NumberInput label={t('scheduling.maxReminders')} description={t('scheduling.maxRemindersHelp')} min={0} max={20} allowDecimal={false} value={maxReminders} onChange={(value) => setMaxReminders(typeof value === 'number' ? value : Number(value) || 0)} maw={360} data-testid="reminder-max" />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="scheduling-save">
              {t('organizationAdmin:settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
