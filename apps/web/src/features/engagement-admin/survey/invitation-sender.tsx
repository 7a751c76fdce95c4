import { Button, Group, Modal, Paper, Text, Title } from '@mantine/core';
import type { TSurveyAdminOverview } from '@ona/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../shared/notifications/notify.ts';
import { useRoutePath } from '../../../shared/routing/route-set-context.tsx';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { Icon } from '../../../shared/ui/icon.tsx';
import { adminKeys, sendInvitation } from '../admin-api.ts';

type TKind = 'invitation' | 'reminder';

/** Invitations go to every participant with an e-mail; reminders only to those who have not finished. */
export function InvitationSender({ engagementId, overview }: { engagementId: number; overview: TSurveyAdminOverview }) {
  const { t } = useTranslation('admin');
  const path = useRoutePath();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [confirm, setConfirm] = useState<TKind | null>(null);
  const send = useMutation({
    mutationFn: (kind: TKind) => sendInvitation(engagementId, kind),
    onSuccess: async (result) => {
      notify('success', t(result.kind === 'invitation' ? 'invitations.sentInvitations' : 'invitations.sentReminders', { sent: result.sent_count, skipped: result.skipped_count, finished: result.finished_count }));
      setConfirm(null);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all(engagementId) });
    },
    onError: (error) => {
      setConfirm(null);
      notify('error', errorMessage(error));
    },
  });
  const created = overview.survey_created_at !== null;
  const notFinished = Math.max(0, overview.participants_with_email - overview.finished_count);

  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" gap="sm" mb="xs">
        <Title order={2} fz="lg">
          {t('invitations.title')}
        </Title>
        <Button component={Link} to={path(`engagements/${engagementId}/admin/emails/list.html`)} variant="subtle" size="sm" leftSection={<Icon name="mail" size={16} />}>
          {t('invitations.templates')}
        </Button>
      </Group>
      <Text fz="sm" c="dimmed" mb="sm">
        {t('invitations.summary', { withEmail: overview.participants_with_email, participants: overview.participant_count, invited: overview.invited_count })}
      </Text>
      <Group gap="sm">
        <Button disabled={!created} onClick={() => setConfirm('invitation')} data-testid="send-invitations">
          {t('invitations.sendInvitations')}
        </Button>
        <Button variant="light" disabled={!created || overview.invited_count === 0} onClick={() => setConfirm('reminder')} data-testid="send-reminders">
          {t('invitations.sendReminders')}
        </Button>
      </Group>
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title={t('invitations.confirmTitle')} centered closeButtonProps={{ 'aria-label': t('accessRights.close') }}>
        <Text fz="sm" mb="lg">
          {confirm === 'reminder'
            ? t('invitations.confirmReminders', { count: notFinished })
            : t('invitations.confirmInvitations', { count: overview.participants_with_email })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirm(null)}>
            {t('survey.cancel')}
          </Button>
          <Button loading={send.isPending} onClick={() => confirm && send.mutate(confirm)} data-testid="confirm-send">
            {t('invitations.send')}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
