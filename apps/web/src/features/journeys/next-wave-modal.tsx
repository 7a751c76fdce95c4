import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { TEngagement, TNextWave } from '@ona/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../shared/api/api-error.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { localToday } from '../engagements/engagement-period.ts';
import { engagementQuery } from '../engagements/engagements-api.ts';
import { splitServerErrors } from './journey-errors.ts';
import { useProblemText } from './journey-fields.tsx';
import { checkJourneyDates, checkJourneyName, hasProblems, nextWaveDefaults, type TJourneyProblems } from './journey-form.ts';
import { createNextWave, refreshJourneys } from './journeys-api.ts';

const FIELDS = ['name', 'access_from', 'access_till'] as const;

function checkNextWave(values: TNextWave, today: string): TJourneyProblems {
  const name = checkJourneyName(values.name);
  return { ...checkJourneyDates(values.access_from, values.access_till, today, true), ...(name ? { name } : {}) };
}

type TNextWaveModalProps = { journey: TEngagement; organizationId: number; opened: boolean; onClose: () => void };

/** "Next wave": a new journey copied from this finished one; the new journey's admin menu comes next. */
export function NextWaveModal({ journey, organizationId, opened, onClose }: TNextWaveModalProps) {
  const { t } = useTranslation(['journeys', 'common']);
  const path = useRoutePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const problemText = useProblemText();
  const today = useMemo(() => localToday(), []);
  const [values, setValues] = useState<TNextWave>(() => nextWaveDefaults(journey, today, t('settings.nextWave.defaultName', { name: journey.name })));
  const [submitted, setSubmitted] = useState(false);

  const create = useMutation<TEngagement, ApiError, TNextWave>({
    mutationFn: (body) => createNextWave(journey.id, body),
    onSuccess: async (wave) => {
      notify('success', t('settings.nextWave.created', { name: wave.name }));
      onClose();
      // The answer is the journey as GET gives it: its pages open without another round trip.
      queryClient.setQueryData(engagementQuery(organizationId, wave.id).queryKey, wave);
      await refreshJourneys(queryClient, organizationId);
      void navigate(path(`engagements/${wave.id}/admin.html`));
    },
  });

  const problems = submitted ? checkNextWave(values, today) : {};
  const server = splitServerErrors(create.error, FIELDS);
  const error = (field: (typeof FIELDS)[number]) => problemText(problems[field]) ?? server.byField[field] ?? null;
  const set = (patch: Partial<TNextWave>) => setValues((previous) => ({ ...previous, ...patch }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasProblems(checkNextWave(values, today))) return;
    create.mutate({ ...values, name: values.name.trim() });
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !create.isPending && onClose()}
      title={t('settings.nextWave.modalTitle', { name: journey.name })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      data-testid="next-wave-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {t('settings.nextWave.hint')}
          </Text>
          <TextInput label={t('form.name')} required value={values.name} error={error('name')} onChange={(event) => set({ name: event.currentTarget.value })} data-testid="next-wave-name" data-autofocus />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              type="date"
              label={t('form.accessFrom')}
              required
              value={values.access_from}
              error={error('access_from')}
              onChange={(event) => set({ access_from: event.currentTarget.value })}
              data-testid="next-wave-access-from"
            />
            <TextInput
              type="date"
              label={t('form.accessTill')}
              required
              min={values.access_from || undefined}
              value={values.access_till}
              error={error('access_till')}
              onChange={(event) => set({ access_till: event.currentTarget.value })}
              data-testid="next-wave-access-till"
            />
          </SimpleGrid>
          {create.error && server.general && (
            <Alert color="red" variant="light" role="alert" data-testid="next-wave-error">
              {errorMessage(create.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              {t('new.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="next-wave-submit">
              {t('settings.nextWave.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
