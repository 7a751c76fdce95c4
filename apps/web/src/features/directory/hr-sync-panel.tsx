import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { THrSync } from '@ona/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/notifications/notify.ts';
import { ErrorState, useErrorMessage } from '../../shared/ui/error-state.tsx';
import { UploadErrors } from '../engagement-admin/upload/upload-errors.tsx';
import { UploadField } from '../engagement-admin/upload/upload-field.tsx';
import { HrMappingForm } from './hr-mapping-form.tsx';
import { HrSyncDiff } from './hr-sync-diff.tsx';
import { applyHrSync, discardHrSync, fetchHrSync, fetchHrSyncs, fetchHrSyncSettings, hrSyncSettingsQueryKey, hrSyncsQueryKey, uploadHrFile } from './hr-sync-api.ts';

/**
 * HR-file sync on the Directory page: the kept column mapping, the upload, and the diff that waits
 * for confirmation. A sync that waits (pending, or held by the guard, also one pushed through the
 * API) is shown when the page opens, so an administrator sees what stopped.
 */
export function HrSyncPanel() {
  const { t } = useTranslation('directory');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: hrSyncSettingsQueryKey, queryFn: fetchHrSyncSettings });
  const syncs = useQuery({ queryKey: hrSyncsQueryKey, queryFn: fetchHrSyncs });
  const [file, setFile] = useState<File | null>(null);
  const [sync, setSync] = useState<THrSync | null>(null);
  const waiting = syncs.data?.find((s) => s.status === 'pending' || s.status === 'held');
  useEffect(() => {
    if (sync === null && waiting) void fetchHrSync(waiting.id).then(setSync);
  }, [sync, waiting]);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: hrSyncsQueryKey });
    await queryClient.invalidateQueries({ queryKey: ['organization-admin', 'directory'] });
  };
  const upload = useMutation({ mutationFn: (chosen: File) => uploadHrFile(chosen), onSuccess: async (made) => { setSync(made); setFile(null); await refresh(); } });
  const decide = useMutation({
    mutationFn: (action: { apply: boolean; override: boolean }) => (sync === null ? Promise.reject(new Error('no sync')) : action.apply ? applyHrSync(sync.id, action.override) : discardHrSync(sync.id)),
    onSuccess: async (decided) => {
      setSync(decided);
      notify('success', t(`hrSync.status.${decided.status}`));
      await refresh();
    },
    onError: (error) => notify('error', errorMessage(error)),
  });

  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Loader size="sm" />;
  return (
    <Stack gap="md" mt="lg" data-testid="hr-sync-panel">
      <HrMappingForm key={JSON.stringify(settings.data)} settings={settings.data} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('hrSync.upload.title')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('hrSync.upload.help')}
          </Text>
          {settings.data.mapping === null ? (
            <Text fz="sm" data-testid="hr-mapping-first">{t('hrSync.upload.mappingFirst')}</Text>
          ) : (
            <Group align="flex-end" gap="sm">
              <div style={{ flex: 1, maxWidth: 420 }}>
                <UploadField label={t('hrSync.upload.file')} accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" file={file} onChange={setFile} testId="hr-file" />
              </div>
              <Button onClick={() => file && upload.mutate(file)} disabled={file === null} loading={upload.isPending} data-testid="hr-upload">
                {t('hrSync.upload.compare')}
              </Button>
            </Group>
          )}
          {upload.isError && <UploadErrors error={upload.error} />}
        </Stack>
      </Paper>
      {sync && <HrSyncDiff sync={sync} busy={decide.isPending} onApply={(override) => decide.mutate({ apply: true, override })} onDiscard={() => decide.mutate({ apply: false, override: false })} />}
    </Stack>
  );
}
