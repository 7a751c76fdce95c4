import { Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { TAnalysisRun } from '@ona/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/format-date.ts';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import { notify } from '../../../shared/notifications/notify.ts';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { analysisRunsQuery, runAnalysis } from '../admin-api.ts';
import { analysisStepKey } from './analysis-run-text.ts';
import { LabelledProgress } from '../../../shared/ui/labelled-progress.tsx';

const STATUS_COLORS: Record<TAnalysisRun['status'], string> = { queued: 'gray', running: 'blue', done: 'teal', failed: 'red' };

/** Starts an analysis run and follows its progress (the analytics issue owns the run itself). */
export function AnalysisRunner({ engagementId }: { engagementId: number }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const runs = useQuery(analysisRunsQuery(engagementId));
  const latest = runs.data?.[0];
  const busy = latest?.status === 'queued' || latest?.status === 'running';
  const start = useMutation({
    mutationFn: () => runAnalysis(engagementId),
    onSuccess: async () => {
      notify('success', t('analysis.started'));
      await queryClient.invalidateQueries({ queryKey: analysisRunsQuery(engagementId).queryKey });
    },
    onError: (error) => notify('error', errorMessage(error)),
  });

  return (
    <Paper withBorder radius="lg" p="md" data-testid="analysis-runner">
      <Group justify="space-between" gap="sm" mb="sm">
        <Title order={2} fz="lg">
          {t('analysis.title')}
        </Title>
        <Button onClick={() => start.mutate()} loading={start.isPending} disabled={busy} data-testid="run-analysis">
          {t('analysis.run')}
        </Button>
      </Group>
      {!latest ? (
        <Text fz="sm" c="dimmed">
          {runs.isError ? errorMessage(runs.error) : t('analysis.none')}
        </Text>
      ) : (
        <Stack gap={6} data-testid="analysis-run" data-status={latest.status}>
          <Group gap="xs">
            <Badge color={STATUS_COLORS[latest.status]} variant="light">
              {t(`analysis.status.${latest.status}`)}
            </Badge>
            <Text fz="sm" c="dimmed">
              {formatDate(latest.created_at, activeLocale())}
            </Text>
            {busy && (
              <Text fz="sm" data-testid="analysis-step">
                {latest.step ? t('analysis.currentStep', { step: t(analysisStepKey(latest.step)) }) : t('analysis.working')}
              </Text>
            )}
          </Group>
          {(busy || latest.status === 'done') && (
            <LabelledProgress value={latest.progress} animated={busy} label={t('analysis.progress', { progress: latest.progress })} />
          )}
          {latest.status === 'failed' && (
            <Stack gap={2} data-testid="analysis-failure">
              <Text fz="sm" c="red.7">
                {t('analysis.failed')}
              </Text>
              {/* The engine's own message helps support; it is framed, never shown as the message. */}
              {latest.error && (
                <Text fz="xs" c="dimmed">
                  {t('analysis.failureDetails', { details: latest.error })}
                </Text>
              )}
            </Stack>
          )}
        </Stack>
      )}
    </Paper>
  );
}
