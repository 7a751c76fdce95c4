import { Alert, Button, Code, CopyButton, Group, Modal, Paper, ScrollArea, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { TApiKey, TApiKeyCreated } from '@ona/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { ErrorState, useErrorMessage } from '../../shared/ui/error-state.tsx';
import { apiKeysQueryKey, createApiKey, fetchApiKeys, revokeApiKey } from './api-keys-api.ts';
import { ConfirmModal } from './confirm-modal.tsx';

/** The key just created: shown once, in a modal that cannot be reopened. */
function NewKeyModal({ created, onClose }: { created: TApiKeyCreated | null; onClose: () => void }) {
  const { t } = useTranslation('apiKeys');
  return (
    <Modal opened={created !== null} onClose={onClose} title={t('created.title')} size="lg">
      {created && (
        <Stack gap="md">
          <Alert color="yellow" variant="light">
            {t('created.onlyOnce')}
          </Alert>
          <Code block data-testid="api-key-value" style={{ wordBreak: 'break-all' }}>
            {created.key}
          </Code>
          <Text fz="sm" c="dimmed">
            {t('created.usage')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'light' : 'filled'} color={copied ? 'teal' : undefined} onClick={copy} data-testid="api-key-copy">
                  {copied ? t('created.copied') : t('created.copy')}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose} data-testid="api-key-done">
              {t('created.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: TApiKey; onRevoke: (key: TApiKey) => void }) {
  const { t } = useTranslation('apiKeys');
  const locale = activeLocale();
  return (
    <Table.Tr data-testid="api-key-row" c={apiKey.creator_active ? undefined : 'dimmed'}>
      <Table.Td>
        <Text fz="sm" fw={500}>
          {apiKey.name}
        </Text>
        <Code fz="xs">{apiKey.prefix}…</Code>
      </Table.Td>
      <Table.Td fz="sm">{formatDate(apiKey.created_at, locale)}</Table.Td>
      <Table.Td fz="sm">{apiKey.last_used_at ? formatDate(apiKey.last_used_at, locale) : t('list.never')}</Table.Td>
      <Table.Td fz="sm">
        {apiKey.created_by.name}
        {!apiKey.creator_active && (
          <Text fz="xs" c="red">
            {t('list.creatorInactive')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Button size="xs" variant="subtle" color="red" onClick={() => onRevoke(apiKey)} data-testid="api-key-revoke">
          {t('list.revoke')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** Personal API keys of the organisation (docs/api.md): create, list, revoke. */
export function ApiKeysPanel() {
  const { t } = useTranslation('apiKeys');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: apiKeysQueryKey, queryFn: fetchApiKeys });
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const create = useMutation({
    mutationFn: () => createApiKey({ name: name.trim() }),
    onSuccess: async (key) => {
      setCreated(key);
      setName('');
      setTouched(false);
      await queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
    onError: (error) => notify('error', errorMessage(error)),
  });
  const revoke = useMutation({
    mutationFn: (key: TApiKey) => revokeApiKey(key.id),
    onSuccess: async () => {
      setRevoking(null);
      notify('success', t('revoke.done'));
      await queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
    onError: (error) => notify('error', errorMessage(error)),
  });
  const nameError = touched && name.trim() === '' ? t('create.nameRequired') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (name.trim() !== '') create.mutate();
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={1040} mt="lg" data-testid="api-keys-panel">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('help')}
        </Text>
        <form onSubmit={submit} noValidate data-testid="api-key-create-form">
          <Group align="flex-start" gap="sm">
            <TextInput
              label={t('create.name')}
              placeholder={t('create.placeholder')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={nameError}
              maxLength={100}
              required
              style={{ flex: 1, minWidth: 220 }}
              data-testid="api-key-name"
            />
            <Button type="submit" mt={25} loading={create.isPending} data-testid="api-key-create">
              {t('create.submit')}
            </Button>
          </Group>
        </form>
        {keys.isError ? (
          <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />
        ) : keys.data && keys.data.length === 0 ? (
          <Text fz="sm" c="dimmed" data-testid="api-keys-empty">
            {t('list.empty')}
          </Text>
        ) : (
          <ScrollArea>
            <Table verticalSpacing="sm" miw={620} data-testid="api-keys-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.name')}</Table.Th>
                  <Table.Th>{t('list.created')}</Table.Th>
                  <Table.Th>{t('list.lastUsed')}</Table.Th>
                  <Table.Th>{t('list.creator')}</Table.Th>
                  <Table.Th aria-label={t('list.actions')} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(keys.data ?? []).map((key) => (
                  <KeyRow key={key.id} apiKey={key} onRevoke={setRevoking} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
      <NewKeyModal created={created} onClose={() => setCreated(null)} />
      <ConfirmModal
        opened={revoking !== null}
        title={t('revoke.title')}
        body={t('revoke.body', { name: revoking?.name ?? '' })}
        confirmLabel={t('revoke.confirm')}
        cancelLabel={t('revoke.cancel')}
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      />
    </Paper>
  );
}
