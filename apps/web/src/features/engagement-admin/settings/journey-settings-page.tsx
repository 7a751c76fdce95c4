import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TEngagement, TJourneyUpdate } from '@ona/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../shared/api/api-error.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { notify } from '../../../shared/notifications/notify.ts';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { localToday } from '../../engagements/engagement-period.ts';
import { engagementQuery } from '../../engagements/engagements-api.ts';
import { JourneyActions } from '../../journeys/journey-actions.tsx';
import { splitServerErrors } from '../../journeys/journey-errors.ts';
import { JourneyFields } from '../../journeys/journey-fields.tsx';
import { checkJourneyForm, hasProblems, journeyValues, toUpdatePayload, type TJourneyField, type TJourneyFormValues } from '../../journeys/journey-form.ts';
import { JourneyStateBadge } from '../../journeys/journey-state-badge.tsx';
import { refreshJourneys, updateJourney } from '../../journeys/journeys-api.ts';
import { AdminFrame } from '../admin-frame.tsx';

const FIELDS: readonly TJourneyField[] = ['name', 'access_from', 'access_till', 'default_language', 'modules'];

function SettingsForm({ journey }: { journey: TEngagement }) {
  const { t } = useTranslation(['journeys', 'common']);
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  const today = useMemo(() => localToday(), []);
  const saved = journeyValues(journey);
  const [values, setValues] = useState<TJourneyFormValues>(saved);
  const [submitted, setSubmitted] = useState(false);
  const payload = toUpdatePayload(saved, values);
  const dirty = Object.keys(payload).length > 0;
  // A journey already over may keep its end date; only a new end date must not lie in the past.
  const check = (current: TJourneyFormValues) => checkJourneyForm(current, today, current.access_till !== saved.access_till);

  const save = useMutation<TEngagement, ApiError, TJourneyUpdate>({
    mutationFn: (body) => updateJourney(journey.id, body),
    onSuccess: async (updated) => {
      notify('success', t('settings.saved'));
      setSubmitted(false);
      setValues(journeyValues(updated));
      queryClient.setQueryData(engagementQuery(organizationId, journey.id).queryKey, updated);
      await refreshJourneys(queryClient, organizationId);
    },
  });
  const problems = submitted ? check(values) : {};
  const server = splitServerErrors(save.error, FIELDS);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!dirty || hasProblems(check(values))) return;
    save.mutate(payload);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="journey-settings-title">
      <Title order={2} fz="lg" mb="md" id="journey-settings-title">
        {t('settings.formTitle')}
      </Title>
      <form onSubmit={submit} noValidate data-testid="journey-settings-form">
        <Stack gap="lg">
          <JourneyFields values={values} onChange={(patch) => setValues((previous) => ({ ...previous, ...patch }))} problems={problems} serverErrors={server.byField} disabled={save.isPending} startLocked={journey.has_answers} />
          {save.error && server.general && (
            <Alert color="red" variant="light" role="alert" data-testid="journey-error">
              {errorMessage(save.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            {!dirty && (
              <Text fz="sm" c="dimmed">
                {t('settings.unchanged')}
              </Text>
            )}
            <Button type="submit" loading={save.isPending} disabled={!dirty} data-testid="journey-save">
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** engagements/{id}/admin/settings.html: the journey's own settings and its life-cycle actions. */
export function JourneySettingsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminFrame title={t('pages.settings.title')}>
      {(journey) => (
        <Stack gap="lg" maw={860}>
          <Group gap="sm">
            <JourneyStateBadge journey={journey} />
          </Group>
          <SettingsForm key={journey.id} journey={journey} />
          <JourneyActions journey={journey} />
        </Stack>
      )}
    </AdminFrame>
  );
}
