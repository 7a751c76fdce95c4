import { Button, Divider, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { TEngagement } from '@ona/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { engagementQuery } from '../engagements/engagements-api.ts';
import { journeyActions } from './journey-state.ts';
import { deleteJourney, journeyAction, refreshJourneys, type TJourneyAction } from './journeys-api.ts';
import { NextWaveModal } from './next-wave-modal.tsx';

type TActionRow = { key: string; title: string; hint: string; button: ReactNode };

/** The settings page's actions: close or reopen, next wave, archive or unarchive, delete. */
export function JourneyActions({ journey }: { journey: TEngagement }) {
  const { t } = useTranslation(['journeys', 'common']);
  const path = useRoutePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  const [nextWaveOpen, setNextWaveOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const available = journeyActions(journey);

  const DONE: Record<TJourneyAction, string> = {
    close: t('settings.close.done'),
    reopen: t('settings.reopen.done'),
    archive: t('settings.archive.done'),
    unarchive: t('settings.unarchive.done'),
  };
  const act = useMutation({
    mutationFn: (action: TJourneyAction) => journeyAction(journey.id, action),
    onSuccess: async (updated, action) => {
      notify('success', DONE[action]);
      queryClient.setQueryData(engagementQuery(organizationId, journey.id).queryKey, updated);
      await refreshJourneys(queryClient, organizationId);
    },
    onError: (error) => notify('error', errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: () => deleteJourney(journey.id),
    onSuccess: async () => {
      notify('success', t('settings.delete.done'));
      setDeleteOpen(false);
      void navigate(path('engagements/list.html'));
      // The journey is gone: forget it rather than ask the server for it again.
      queryClient.removeQueries({ queryKey: engagementQuery(organizationId, journey.id).queryKey });
      await refreshJourneys(queryClient, organizationId);
    },
    onError: (error) => notify('error', errorMessage(error)),
  });

  const actionButton = (action: TJourneyAction, label: string, color?: string) => (
    <Button
      variant={color ? 'light' : 'default'}
      {...(color ? { color } : {})}
      loading={act.isPending && act.variables === action}
      disabled={act.isPending && act.variables !== action}
      onClick={() => act.mutate(action)}
      data-testid={`journey-${action}`}
    >
      {label}
    </Button>
  );

  const rows: TActionRow[] = [];
  if (available.close) rows.push({ key: 'close', title: t('settings.close.title'), hint: t('settings.close.hint'), button: actionButton('close', t('settings.close.button')) });
  if (available.reopen) rows.push({ key: 'reopen', title: t('settings.reopen.title'), hint: t('settings.reopen.hint'), button: actionButton('reopen', t('settings.reopen.button')) });
  rows.push({
    key: 'nextWave',
    title: t('settings.nextWave.title'),
    hint: available.nextWave ? t('settings.nextWave.hint') : t('settings.nextWave.notFinished'),
    button: (
      <Button variant="light" disabled={!available.nextWave} onClick={() => setNextWaveOpen(true)} data-testid="journey-next-wave">
        {t('settings.nextWave.button')}
      </Button>
    ),
  });
  if (available.archive) rows.push({ key: 'archive', title: t('settings.archive.title'), hint: t('settings.archive.hint'), button: actionButton('archive', t('settings.archive.button')) });
  if (available.unarchive) rows.push({ key: 'unarchive', title: t('settings.unarchive.title'), hint: t('settings.unarchive.hint'), button: actionButton('unarchive', t('settings.unarchive.button')) });
  rows.push({
    key: 'delete',
    title: t('settings.delete.title'),
    hint: available.delete ? t('settings.delete.hint') : t('settings.delete.hasAnswers'),
    button: (
      <Button color="red" variant="light" disabled={!available.delete} onClick={() => setDeleteOpen(true)} data-testid="journey-delete">
        {t('settings.delete.button')}
      </Button>
    ),
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="journey-actions-title">
      <Title order={2} fz="lg" mb="md" id="journey-actions-title">
        {t('settings.actionsTitle')}
      </Title>
      <Stack gap="md">
        {rows.map((row, index) => (
          <Fragment key={row.key}>
            {index > 0 && <Divider />}
            <Group justify="space-between" align="center" gap="md" wrap="wrap" data-testid={`journey-action-${row.key}`}>
              <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
                <Text fw={600}>{row.title}</Text>
                <Text fz="sm" c="dimmed">
                  {row.hint}
                </Text>
              </Stack>
              {row.button}
            </Group>
          </Fragment>
        ))}
      </Stack>
      {nextWaveOpen && <NextWaveModal journey={journey} organizationId={organizationId} opened onClose={() => setNextWaveOpen(false)} />}
      <Modal
        opened={deleteOpen}
        onClose={() => !remove.isPending && setDeleteOpen(false)}
        title={t('settings.delete.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        data-testid="delete-journey-modal"
      >
        <Stack gap="md">
          <Text fz="sm">{t('settings.delete.confirmText', { name: journey.name })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleteOpen(false)} disabled={remove.isPending}>
              {t('settings.delete.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()} data-testid="delete-journey-confirm">
              {t('settings.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
