import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInstantInvitationResult } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../shared/api/api-error.ts';
import { formatDate } from '../../../shared/format/format-date.ts';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import { notify } from '../../../shared/notifications/notify.ts';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { sendAllInvitations, sendSingleInvitation, surveyQuery } from '../instant-survey-api.ts';
import { useSurveyOutlet } from './use-survey-outlet.ts';

/** Manage invites: e-mail everyone with an address, or one person. */
export function InvitesTab() {
  const { t } = useTranslation('instantSurvey');
  const { survey } = useSurveyOutlet();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const done = () => {
    notify('success', t('invites.sent'));
    void queryClient.invalidateQueries({ queryKey: surveyQuery(survey.id).queryKey });
  };
  const sendAll = useMutation<TInstantInvitationResult, ApiError>({ mutationFn: () => sendAllInvitations(survey.id), onSuccess: done, onError: (e) => notify('error', errorMessage(e)) });
  const sendOne = useMutation<TInstantInvitationResult, ApiError, number>({ mutationFn: (id) => sendSingleInvitation(survey.id, id), onSuccess: done, onError: (e) => notify('error', errorMessage(e)) });
  const withEmail = survey.participants.filter((p) => p.email);
  const closed = survey.state === 'closed';

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack>
        <Group justify="space-between">
          <div>
            <Text fw={600}>{t('invites.title')}</Text>
            <Text fz="sm" c="dimmed">
              {t('invites.hint')}
            </Text>
          </div>
          <Button disabled={closed || withEmail.length === 0} loading={sendAll.isPending} onClick={() => sendAll.mutate()}>
            {t('invites.sendAll')}
          </Button>
        </Group>
        {survey.participants.length === 0 ? (
          <Text c="dimmed">{t('invites.noParticipants')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={500}>
            <Table verticalSpacing="xs">
              <Table.Tbody>
                {survey.participants.map((p) => (
                  <Table.Tr key={p.id} data-testid="invite-row">
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td>{p.email ?? <Text span c="dimmed" fz="sm">{t('invites.noEmail')}</Text>}</Table.Td>
                    <Table.Td>
                      {p.invited_at ? <Badge variant="light">{t('invites.invitedAt', { date: formatDate(p.invited_at, activeLocale()) })}</Badge> : <Text span c="dimmed" fz="sm">{t('invites.notInvited')}</Text>}
                    </Table.Td>
                    <Table.Td ta="right">
                      {p.email && (
                        <Button size="xs" variant="light" disabled={closed} loading={sendOne.isPending && sendOne.variables === p.id} onClick={() => sendOne.mutate(p.id)}>
                          {t('invites.send')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
