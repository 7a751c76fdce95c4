import { Alert, Button, Code, CopyButton, Group, Modal, Paper, ScrollArea, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { TScimToken, TScimTokenCreated } from '@ona/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { ErrorState, useErrorMessage } from '../../shared/ui/error-state.tsx';
import { ConfirmModal } from '../organization-admin/confirm-modal.tsx';
import { createScimToken, fetchScimTokens, revokeScimToken, scimTokensQueryKey } from './directory-api.ts';

/** The token just created, with the base URL: shown once, in a modal that cannot be reopened. */
function NewTokenModal({ created, onClose }: { created: TScimTokenCreated | null; onClose: () => void }) {
  const { t } = useTranslation('directory');
  return (
    <Modal opened={created !== null} onClose={onClose} title={t('tokens.createdTitle')} size="lg">
      {created && (
        <Stack gap="md">
          <Alert color="yellow" variant="light">
            {t('tokens.onlyOnce')}
          </Alert>
          <Text fz="sm" fw={500}>
            {t('tokens.baseUrl')}
          </Text>
          <Code block data-testid="scim-base-url">
            {created.scim_base_url}
          </Code>
          <Code block data-testid="scim-token-value" style={{ wordBreak: 'break-all' }}>
            {created.token}
          </Code>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={created.token}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'light' : 'filled'} color={copied ? 'teal' : undefined} onClick={copy} data-testid="scim-token-copy">
                  {copied ? t('tokens.copied') : t('tokens.copy')}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose} data-testid="scim-token-done">
              {t('tokens.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** SCIM bearer tokens of the organisation (docs/directory-and-scim.md): create, list, revoke. */
export function ScimTokensPanel() {
  const { t } = useTranslation('directory');
  const locale = activeLocale();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: scimTokensQueryKey, queryFn: fetchScimTokens });
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<TScimTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<TScimToken | null>(null);
  const create = useMutation({
    mutationFn: () => createScimToken({ name: name.trim() }),
    onSuccess: async (token) => {
      setCreated(token);
      setName('');
      setTouched(false);
      await queryClient.invalidateQueries({ queryKey: scimTokensQueryKey });
    },
    onError: (error) => notify('error', errorMessage(error)),
  });
  const revoke = useMutation({
    mutationFn: (token: TScimToken) => revokeScimToken(token.id),
    onSuccess: async () => {
      setRevoking(null);
      notify('success', t('tokens.revoked'));
      await queryClient.invalidateQueries({ queryKey: scimTokensQueryKey });
    },
    onError: (error) => notify('error', errorMessage(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (name.trim() !== '') create.mutate();
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} mt="lg" data-testid="scim-tokens-panel">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('tokens.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('tokens.help')}
        </Text>
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="sm">
            <TextInput
              label={t('tokens.name')}
              placeholder={t('tokens.placeholder')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={touched && name.trim() === '' ? t('tokens.nameRequired') : undefined}
              maxLength={100}
              required
              style={{ flex: 1, minWidth: 220 }}
              data-testid="scim-token-name"
            />
            <Button type="submit" mt={25} loading={create.isPending} data-testid="scim-token-create">
              {t('tokens.create')}
            </Button>
          </Group>
        </form>
        {tokens.isError ? (
          <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} />
        ) : tokens.data && tokens.data.length === 0 ? (
          <Text fz="sm" c="dimmed" data-testid="scim-tokens-empty">
            {t('tokens.empty')}
          </Text>
        ) : (
          <ScrollArea>
            <Table verticalSpacing="sm" miw={620} data-testid="scim-tokens-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('tokens.listName')}</Table.Th>
                  <Table.Th>{t('tokens.created')}</Table.Th>
                  <Table.Th>{t('tokens.lastUsed')}</Table.Th>
                  <Table.Th>{t('tokens.creator')}</Table.Th>
                  <Table.Th aria-label={t('tokens.actions')} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(tokens.data ?? []).map((token) => (
                  <Table.Tr key={token.id} data-testid="scim-token-row">
                    <Table.Td>
                      <Text fz="sm" fw={500}>
                        {token.name}
                      </Text>
                      <Code fz="xs">{token.prefix}…</Code>
                    </Table.Td>
                    <Table.Td fz="sm">{formatDate(token.created_at, locale)}</Table.Td>
                    <Table.Td fz="sm">{token.last_used_at ? formatDate(token.last_used_at, locale) : t('tokens.never')}</Table.Td>
                    <Table.Td fz="sm">{token.created_by?.name ?? ''}</Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="subtle" color="red" onClick={() => setRevoking(token)} data-testid="scim-token-revoke">
                        {t('tokens.revoke')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
      <NewTokenModal created={created} onClose={() => setCreated(null)} />
      <ConfirmModal
        opened={revoking !== null}
        title={t('tokens.revokeTitle')}
        body={t('tokens.revokeBody', { name: revoking?.name ?? '' })}
        confirmLabel={t('tokens.revoke')}
        cancelLabel={t('tokens.cancel')}
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      />
    </Paper>
  );
}
