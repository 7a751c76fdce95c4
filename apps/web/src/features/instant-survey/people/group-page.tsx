import { Button, Group, Modal, MultiSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInstantGroup } from '@ona/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { ApiError } from '../../../shared/api/api-error.ts';
import { notify } from '../../../shared/notifications/notify.ts';
import { useRoutePath } from '../../../shared/routing/route-set-context.tsx';
import { CenteredLoader } from '../../../shared/ui/centered-loader.tsx';
import { ErrorState, useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useSelectSearch } from '../creator/use-select-search.ts';
import { createGroup, deleteGroup, groupQuery, groupsQuery, updateGroup, usersQuery } from '../instant-survey-api.ts';

/** groups/new.html and groups/{groupId}.html: name and members; an existing group can be deleted. */
export function GroupPage() {
  const { t } = useTranslation(['instantSurvey', 'common']);
  const path = useRoutePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const raw = useParams().groupId;
  const groupId = raw ? Number(raw) : null;
  const group = useQuery({ ...groupQuery(groupId ?? 0), enabled: groupId !== null });
  const users = useQuery(usersQuery());
  const [name, setName] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const memberSearch = useSelectSearch();
  const [touched, setTouched] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  useDocumentTitle(t('common:documentTitle', { page: group.data?.name ?? t('groups.new') }));

  useEffect(() => {
    if (group.data) {
      setName(group.data.name);
      setMembers(group.data.users.map((u) => String(u.id)));
    }
  }, [group.data]);

  const done = (message: string) => {
    notify('success', message);
    void queryClient.invalidateQueries({ queryKey: groupsQuery().queryKey });
    void navigate(path('groups/list.html'));
  };
  const save = useMutation<TInstantGroup, ApiError>({
    mutationFn: () => {
      const input = { name: name.trim(), users: members.map(Number) };
      return groupId === null ? createGroup(input) : updateGroup(groupId, input);
    },
    onSuccess: () => done(groupId === null ? t('groups.created') : t('groups.modified')),
    onError: (e) => notify('error', errorMessage(e)),
  });
  const remove = useMutation<void, ApiError>({ mutationFn: () => deleteGroup(groupId ?? 0), onSuccess: () => done(t('groups.deleted')), onError: (e) => notify('error', errorMessage(e)) });

  if (groupId !== null && group.isPending) return <CenteredLoader label={t('loading')} />;
  if (groupId !== null && group.isError) return <ErrorState error={group.error} />;
  return (
    <>
      <PageHeader
        title={groupId === null ? t('groups.new') : (group.data?.name ?? '')}
        back={{ to: path('groups/list.html'), label: t('groups.back') }}
        actions={groupId !== null && <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>{t('groups.delete')}</Button>}
      />
      <Paper withBorder radius="lg" p="lg" maw={640}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTouched(true);
            if (name.trim()) save.mutate();
          }}
        >
          <Stack>
            <TextInput label={t('groups.name')} required value={name} error={touched && !name.trim() ? t('validation.required') : null} onChange={(e) => setName(e.currentTarget.value)} />
            <MultiSelect
              label={t('groups.members')}
              {...memberSearch}
              data={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.email ? `${u.name} (${u.email})` : u.name }))}
              value={members}
              onChange={setMembers}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>{t('groups.save')}</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={t('groups.deleteTitle')} centered>
        <Text mb="lg">{t('groups.deleteText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmDelete(false)}>{t('details.cancel')}</Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>{t('groups.delete')}</Button>
        </Group>
      </Modal>
    </>
  );
}
