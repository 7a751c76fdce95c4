import { Badge, Button, Group, Paper, ScrollArea, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TSession } from '@ona/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/notifications/notify.ts';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState, useErrorMessage } from '../../shared/ui/error-state.tsx';
import { endOtherSessions, endSession, fetchSessions, sessionsQueryKey } from './account-api.ts';

export function useDateTime(): (value: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (value) => format.format(new Date(value));
}

/** The signed-in user's sessions: where and how each signed in, when it was last used; end one or all others. */
export function SessionsPanel() {
  const { t } = useTranslation('account');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const dateTime = useDateTime();
  const sessions = useQuery({ queryKey: sessionsQueryKey, queryFn: fetchSessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
  const endOne = useMutation({ mutationFn: (session: TSession) => endSession(session.id), onSuccess: async (answer) => { notify('success', answer.detail); await refresh(); }, onError: (error) => notify('error', errorMessage(error)) });
  const endOthers = useMutation({ mutationFn: endOtherSessions, onSuccess: async ({ ended }) => { notify('success', t('sessions.othersEnded', { count: ended })); await refresh(); }, onError: (error) => notify('error', errorMessage(error)) });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="sessions-panel">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {t('sessions.title')}
          </Title>
          <Button variant="light" color="red" size="xs" loading={endOthers.isPending} onClick={() => endOthers.mutate()} data-testid="end-other-sessions">
            {t('sessions.endOthers')}
          </Button>
        </Group>
        <Text fz="sm" c="dimmed">
          {t('sessions.help')}
        </Text>
        {sessions.isPending && <CenteredLoader label={t('sessions.title')} />}
        {sessions.isError && <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />}
        {sessions.data && (
          <ScrollArea type="auto">
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('sessions.device')}</Table.Th>
                  <Table.Th>{t('sessions.address')}</Table.Th>
                  <Table.Th>{t('sessions.method')}</Table.Th>
                  <Table.Th>{t('sessions.signedIn')}</Table.Th>
                  <Table.Th>{t('sessions.lastUsed')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('sessions.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.data.map((session) => (
                  <Table.Tr key={session.id} data-testid="session-row">
                    <Table.Td>{session.device || t('sessions.unknownDevice')}</Table.Td>
                    <Table.Td>{session.ip_address}</Table.Td>
                    <Table.Td>{t(`sessions.methods.${session.method}`)}</Table.Td>
                    <Table.Td>{dateTime(session.created_at)}</Table.Td>
                    <Table.Td>{dateTime(session.last_used_at)}</Table.Td>
                    <Table.Td>
                      {session.current ? (
                        <Badge variant="light">{t('sessions.current')}</Badge>
                      ) : (
                        <Button size="xs" variant="subtle" color="red" disabled={endOne.isPending} onClick={() => endOne.mutate(session)} data-testid="end-session">
                          {t('sessions.end')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
    </Paper>
  );
}
