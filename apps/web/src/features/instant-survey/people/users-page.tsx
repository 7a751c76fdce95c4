import { Button, Group, Modal, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInstantUser } from '@ona/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../shared/api/api-error.ts';
import { notify } from '../../../shared/notifications/notify.ts';
import { CenteredLoader } from '../../../shared/ui/centered-loader.tsx';
import { ErrorState, useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { EMAIL_PATTERN } from '../creator/email-pattern.ts';
import { createUser, deleteUser, updateUser, usersQuery } from '../instant-survey-api.ts';

type TEditing = { id: number | null; name: string; email: string };

/** The host's users: create, modify, delete (with the notices of §8). */
export function UsersPage() {
  const { t } = useTranslation(['instantSurvey', 'common']);
  useDocumentTitle(t('common:documentTitle', { page: t('users.title') }));
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const users = useQuery(usersQuery());
  const [editing, setEditing] = useState<TEditing | null>(null);
  const [touched, setTouched] = useState(false);
  const [deleting, setDeleting] = useState<TInstantUser | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: usersQuery().queryKey });

  const save = useMutation<TInstantUser, ApiError, TEditing>({
    mutationFn: ({ id, name, email }) => (id === null ? createUser({ name: name.trim(), email: email.trim() || null }) : updateUser(id, { name: name.trim(), email: email.trim() || null })),
    onSuccess: (_user, { id }) => {
      notify('success', id === null ? t('users.created') : t('users.modified'));
      setEditing(null);
      refresh();
    },
    onError: (e) => notify('error', errorMessage(e)),
  });
  const remove = useMutation<void, ApiError, number>({
    mutationFn: deleteUser,
    onSuccess: () => {
      notify('success', t('users.deleted'));
      setDeleting(null);
      refresh();
    },
    onError: (e) => notify('error', errorMessage(e)),
  });

  const nameError = touched && editing && !editing.name.trim() ? t('validation.participantName') : null;
  const emailError = touched && editing && editing.email.trim() && !EMAIL_PATTERN.test(editing.email.trim()) ? t('validation.invalidEmail') : null;

  return (
    <>
      <PageHeader title={t('users.title')} actions={<Button onClick={() => { setTouched(false); setEditing({ id: null, name: '', email: '' }); }}>{t('users.new')}</Button>} />
      {users.isPending ? (
        <CenteredLoader label={t('loading')} />
      ) : users.isError ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center" c="dimmed">{t('users.empty')}</Text>
        </Paper>
      ) : (
        <Paper withBorder radius="lg">
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users.name')}</Table.Th>
                  <Table.Th>{t('users.email')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.map((user) => (
                  <Table.Tr key={user.id} data-testid="user-row">
                    <Table.Td>{user.name}</Table.Td>
                    <Table.Td>{user.email ?? '—'}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end">
                        <Button size="xs" variant="light" onClick={() => { setTouched(false); setEditing({ id: user.id, name: user.name, email: user.email ?? '' }); }}>
                          {t('users.edit')}
                        </Button>
                        <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(user)}>
                          {t('users.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.id === null ? t('users.new') : t('users.edit')} centered>
        {editing && (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              setTouched(true);
              if (!editing.name.trim() || (editing.email.trim() && !EMAIL_PATTERN.test(editing.email.trim()))) return;
              save.mutate(editing);
            }}
          >
            <Stack>
              <TextInput label={t('users.name')} required value={editing.name} error={nameError} onChange={(e) => { const name = e.currentTarget.value; setEditing((c) => (c ? { ...c, name } : c)); }} />
              <TextInput label={t('users.email')} type="email" value={editing.email} error={emailError} onChange={(e) => { const email = e.currentTarget.value; setEditing((c) => (c ? { ...c, email } : c)); }} />
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>{t('users.save')}</Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('users.deleteTitle')} centered>
        <Text mb="lg">{t('users.deleteText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>{t('details.cancel')}</Button>
          <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)}>{t('users.delete')}</Button>
        </Group>
      </Modal>
    </>
  );
}
