import { Badge, Button, Group, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { PRIVACY_NOTICE_MAX_LENGTH, type TPrivacyNotice } from '@ona/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState, useErrorMessage } from '../../shared/ui/error-state.tsx';
import { fetchPrivacyNotice, privacyNoticeQueryKey, savePrivacyNotice } from './organization-admin-api.ts';

/** The privacy notice shown on the survey intro: each save a new version, with acceptances per version. */
export function PrivacyNoticePanel() {
  const { t } = useTranslation('organizationPolicies');
  const notice = useQuery({ queryKey: privacyNoticeQueryKey, queryFn: fetchPrivacyNotice });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={1040} mt="lg" data-testid="privacy-notice">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('privacyNotice.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('privacyNotice.help')}
        </Text>
        {notice.isPending && <CenteredLoader label={t('privacyNotice.title')} />}
        {notice.isError && <ErrorState error={notice.error} onRetry={() => void notice.refetch()} />}
        {notice.data && <NoticeForm key={notice.data.versions[0]?.version ?? 0} notice={notice.data} />}
      </Stack>
    </Paper>
  );
}

function NoticeForm({ notice }: { notice: TPrivacyNotice }) {
  const { t } = useTranslation('organizationPolicies');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const locale = activeLocale();
  const current = notice.versions[0];
  const [text, setText] = useState(current?.text ?? '');
  const unchanged = text.trim() === (current?.text ?? '');
  const save = useMutation({
    mutationFn: () => savePrivacyNotice(text.trim()),
    onSuccess: (saved) => {
      queryClient.setQueryData(privacyNoticeQueryKey, saved);
      notify('success', t('privacyNotice.saved', { version: saved.versions[0]?.version ?? 1 }));
    },
    onError: (error) => notify('error', errorMessage(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '' && !unchanged) save.mutate();
  };
  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Textarea
            label={t('privacyNotice.text')}
            description={t('privacyNotice.textHelp')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autosize
            minRows={5}
            maxRows={16}
            maxLength={PRIVACY_NOTICE_MAX_LENGTH}
            data-testid="privacy-notice-text"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={text.trim() === '' || unchanged} data-testid="privacy-notice-save">
              {t('privacyNotice.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {notice.versions.length > 0 && (
        <Table.ScrollContainer minWidth={420}>
          <Table striped data-testid="privacy-notice-versions">
            <Table.Caption>{t('privacyNotice.versionsCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('privacyNotice.version')}</Table.Th>
                <Table.Th scope="col">{t('privacyNotice.savedAt')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('privacyNotice.acceptances')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {notice.versions.map((version, index) => (
                <Table.Tr key={version.version} data-testid="privacy-notice-version">
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text fz="sm">{t('privacyNotice.versionNumber', { version: version.version })}</Text>
                      {index === 0 && (
                        <Badge color="teal" variant="light" size="sm">
                          {t('privacyNotice.inForce')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatDate(version.created_at, locale)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(version.acceptances, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
