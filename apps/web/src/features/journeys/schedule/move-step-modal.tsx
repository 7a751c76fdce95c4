import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { TScheduleStep } from '@ona/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../shared/api/api-error.ts';
import { notify } from '../../../shared/notifications/notify.ts';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { splitServerErrors } from '../journey-errors.ts';
import { moveStep, refreshSchedule } from './schedule-api.ts';

type TMoveStepModalProps = { engagementId: number; organizationId: number; step: TScheduleStep; stepName: string; timeZone: string; onClose: () => void };

/** "Move": one date-time field, in the organisation's time zone; the server's checks are the schedule's. */
export function MoveStepModal({ engagementId, organizationId, step, stepName, timeZone, onClose }: TMoveStepModalProps) {
  const { t } = useTranslation(['journeys', 'common']);
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [localTime, setLocalTime] = useState(step.local_time);
  const move = useMutation<unknown, ApiError, string>({
    mutationFn: (value) => moveStep(engagementId, step.id, value),
    onSuccess: async () => {
      notify('success', t('schedule.moved'));
      onClose();
      await refreshSchedule(queryClient, organizationId, engagementId);
    },
  });
  const server = splitServerErrors(move.error, ['local_time'] as const);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    move.mutate(localTime);
  };
  return (
    <Modal opened onClose={() => !move.isPending && onClose()} title={t('schedule.moveTitle', { step: stepName })} closeButtonProps={{ 'aria-label': t('common:actions.close') }} data-testid="move-step-modal">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            type="datetime-local"
            label={t('schedule.moveField', { zone: timeZone })}
            required
            value={localTime}
            error={server.byField.local_time ?? null}
            onChange={(event) => setLocalTime(event.currentTarget.value)}
            data-testid="move-step-time"
            data-autofocus
          />
          {move.error && server.general && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(move.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={move.isPending}>
              {t('schedule.cancel')}
            </Button>
            <Button type="submit" loading={move.isPending} data-testid="move-step-submit">
              {t('schedule.move')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
