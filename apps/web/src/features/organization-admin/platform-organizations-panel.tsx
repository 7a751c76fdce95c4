import { Badge, Button, Group, Modal, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { CONTENT_LANGUAGES, type TContentLanguage, type TOrganizationListItem } from '@ona/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { profileQueryKey } from '../auth/session-api.ts';
import { LANGUAGE_NAMES } from '../../shared/i18n/language-names.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState, useErrorMessage } from '../../shared/ui/error-state.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { ConfirmModal } from './confirm-modal.tsx';
import { createOrganization, fetchPlatformOrganizations, patchOrganization, platformOrganizationsQueryKey } from './organization-admin-api.ts';

type TEditing = { mode: 'create' } | { mode: 'rename'; organization: TOrganizationListItem };

function OrganizationFormModal({ editing, onClose }: { editing: TEditing | null; onClose: () => void }) {
  const { t } = useTranslation('organizationAdmin');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [language, setLanguage] = useState<TContentLanguage>('hu');
  const [lastEditing, setLastEditing] = useState<TEditing | null>(null);
  if (editing !== lastEditing) {
    setLastEditing(editing);
    setName(editing?.mode === 'rename' ? editing.organization.name : '');
    setLanguage('hu');
  }
  const save = useMutation({
    mutationFn: () =>
      editing?.mode === 'rename' ? patchOrganization(editing.organization.id, { name: name.trim() }) : createOrganization({ name: name.trim(), default_language: language }),
    onSuccess: async (saved) => {
      notify('success', editing?.mode === 'rename' ? t('platform.renamed') : t('platform.created', { name: saved.name }));
      await queryClient.invalidateQueries({ queryKey: platformOrganizationsQueryKey });
      // A new organisation is one of the creator's own: the switcher lists it.
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') save.mutate();
  };
  return (
    <Modal opened={editing !== null} onClose={onClose} title={editing?.mode === 'rename' ? t('platform.renameTitle') : t('platform.createTitle')} closeButtonProps={{ 'aria-label': t('platform.cancel') }}>
      <form onSubmit={submit} noValidate data-testid="organization-form">
        <Stack gap="md">
          <TextInput label={t('platform.name')} value={name} onChange={(event) => setName(event.currentTarget.value)} required data-autofocus data-testid="organization-form-name" error={save.error ? errorMessage(save.error) : undefined} />
          {editing?.mode === 'create' && (
            <NativeSelect
              label={t('platform.language')}
              value={language}
              onChange={(event) => setLanguage(event.currentTarget.value as TContentLanguage)}
              data={CONTENT_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
              data-testid="organization-form-language"
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('platform.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={name.trim() === ''} data-testid="organization-form-submit">
              {editing?.mode === 'rename' ? t('platform.save') : t('platform.createSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** On the organisations page, for platform administrators: every organisation, create, rename, archive. */
export function PlatformOrganizationsPanel() {
  const { t } = useTranslation('organizationAdmin');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TEditing | null>(null);
  const [archiving, setArchiving] = useState<TOrganizationListItem | null>(null);
  const list = useQuery({ queryKey: platformOrganizationsQueryKey, queryFn: fetchPlatformOrganizations });
  const archive = useMutation({
    mutationFn: (organization: TOrganizationListItem) => patchOrganization(organization.id, { archived: !organization.archived }),
    onSuccess: async (saved) => {
      notify('success', t(saved.archived ? 'platform.archivedDone' : 'platform.restoredDone', { name: saved.name }));
      setArchiving(null);
      await queryClient.invalidateQueries({ queryKey: platformOrganizationsQueryKey });
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
    onError: (error) => {
      setArchiving(null);
      notify('error', errorMessage(error));
    },
  });

  return (
    <Stack gap="md" mt={48} maw={720} data-testid="platform-organizations">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="xl">
            {t('platform.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('platform.subtitle')}
          </Text>
        </Stack>
        <Button leftSection={<Icon name="building" size={16} />} onClick={() => setEditing({ mode: 'create' })} data-testid="create-organization">
          {t('platform.create')}
        </Button>
      </Group>
      {list.isPending ? (
        <CenteredLoader label={t('platform.title')} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Stack gap="xs">
          {list.data.map((organization) => (
            <Paper key={organization.id} withBorder radius="md" p="sm" data-testid="platform-organization" data-archived={organization.archived ? 'true' : 'false'}>
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={600} truncate c={organization.archived ? 'dimmed' : undefined}>
                      {organization.name}
                    </Text>
                    {organization.archived && (
                      <Badge color="gray" variant="light" size="sm">
                        {t('platform.archived')}
                      </Badge>
                    )}
                  </Group>
                  <Text fz="xs" c="dimmed">
                    {t('platform.members', { count: organization.member_count })} · {LANGUAGE_NAMES[organization.default_language]}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button size="xs" variant="light" onClick={() => setEditing({ mode: 'rename', organization })} data-testid="rename-organization">
                    {t('platform.rename')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color={organization.archived ? 'teal' : 'red'}
                    onClick={() => (organization.archived ? archive.mutate(organization) : setArchiving(organization))}
                    data-testid={organization.archived ? 'restore-organization' : 'archive-organization'}
                  >
                    {organization.archived ? t('platform.unarchive') : t('platform.archive')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <OrganizationFormModal editing={editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={archiving !== null}
        title={archiving ? t('platform.confirmArchiveTitle', { name: archiving.name }) : ''}
        body={t('platform.confirmArchiveBody')}
        confirmLabel={t('platform.archive')}
        cancelLabel={t('platform.cancel')}
        loading={archive.isPending}
        onConfirm={() => archiving && archive.mutate(archiving)}
        onClose={() => setArchiving(null)}
      />
    </Stack>
  );
}
