import { Badge, Button, Checkbox, Group, Paper, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { PERMISSIONS, type TOrganizationUser, type TPermission } from '@ona/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState, useErrorMessage } from '../../shared/ui/error-state.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ConfirmModal } from './confirm-modal.tsx';
import { InviteUserModal } from './invite-user-modal.tsx';
import { endMemberSessions, fetchOrganizationUsers, organizationUsersQueryKey, resendInvitation, updateUser } from './organization-admin-api.ts';
import { RequireOrganizationAdmin } from './require-organization-admin.tsx';

type TChange = { user: TOrganizationUser; permissions?: TPermission[]; active?: boolean };

type TUserRowProps = { user: TOrganizationUser; isSelf: boolean; compact: boolean; onChange: (change: TChange) => void; onAskActive: (user: TOrganizationUser) => void; busy: boolean };

function UserRow({ user, isSelf, compact, onChange, onAskActive, busy }: TUserRowProps) {
  const { t } = useTranslation('organizationAdmin');
  const errorMessage = useErrorMessage();
  const endSessions = useMutation({
    mutationFn: () => endMemberSessions(user.id),
    onSuccess: ({ ended }) => notify('success', t('users.sessionsEnded', { name: user.name, count: ended })),
    onError: (error) => notify('error', errorMessage(error)),
  });
  const resend = useMutation({
    mutationFn: () => resendInvitation(user.id),
    onSuccess: (answer) => notify('success', answer.detail),
    onError: (error) => notify('error', errorMessage(error)),
  });
  const toggle = (permission: TPermission, on: boolean) =>
    onChange({ user, permissions: PERMISSIONS.filter((p) => (p === permission ? on : user.permissions.includes(p))) });

  const identity = (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Text fw={600} fz="sm">
        {user.name}
        {isSelf && (
          <Text span c="dimmed" fz="sm" fw={400}>
            {` (${t('users.you')})`}
          </Text>
        )}
      </Text>
      <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Text>
    </Stack>
  );
  const permissionBoxes = (
    // Boxes of 20 px, 30 px apart: each keeps the 24 px target spacing of WCAG 2.5.8.
    <Stack gap={10}>
      {PERMISSIONS.map((permission) => (
        <Checkbox
          key={permission}
          size="sm"
          label={t(`permissions.${permission}`)}
          aria-label={t('users.permissionToggle', { permission: t(`permissions.${permission}`), name: user.name })}
          checked={user.permissions.includes(permission)}
          disabled={busy || !user.active}
          onChange={(event) => toggle(permission, event.currentTarget.checked)}
          data-testid={`permission-${permission}`}
        />
      ))}
    </Stack>
  );
  const status = (
    <Group gap={6} align="flex-start">
      {user.active ? (
        <Badge color="teal" variant="light">
          {t('users.active')}
        </Badge>
      ) : (
        <Badge color="gray" variant="light">
          {t('users.deactivated')}
        </Badge>
      )}
      {user.invitation_pending && (
        <Badge color="yellow" variant="light" data-testid="invitation-pending">
          {t('users.pending')}
        </Badge>
      )}
    </Group>
  );
  const actions = (
    <Group gap="xs" justify={compact ? 'flex-start' : 'flex-end'} wrap="wrap">
      {user.invitation_pending && user.active && (
        <Button size="xs" variant="light" leftSection={<Icon name="mail" size={14} />} loading={resend.isPending} onClick={() => resend.mutate()} data-testid="resend-invitation">
          {t('users.resend')}
        </Button>
      )}
      {!isSelf && !user.invitation_pending && (
        <Button size="xs" variant="subtle" color="orange" loading={endSessions.isPending} onClick={() => endSessions.mutate()} data-testid="end-member-sessions">
          {t('users.endSessions')}
        </Button>
      )}
      <Button size="xs" variant="subtle" color={user.active ? 'red' : 'teal'} disabled={busy} onClick={() => onAskActive(user)} data-testid={user.active ? 'deactivate-user' : 'reactivate-user'}>
        {user.active ? t('users.deactivate') : t('users.reactivate')}
      </Button>
    </Group>
  );
  const rowProps = { 'data-testid': 'user-row', 'data-email': user.email, 'data-active': user.active ? 'true' : 'false' };

  // A phone gets one card per user: four columns do not fit 390 px.
  if (compact) {
    return (
      <Paper withBorder radius="md" p="sm" {...rowProps}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            {identity}
          </Group>
          {status}
          {permissionBoxes}
          {actions}
        </Stack>
      </Paper>
    );
  }
  return (
    <Table.Tr {...rowProps} c={user.active ? undefined : 'dimmed'}>
      <Table.Td>{identity}</Table.Td>
      <Table.Td>{permissionBoxes}</Table.Td>
      <Table.Td>{status}</Table.Td>
      <Table.Td>{actions}</Table.Td>
    </Table.Tr>
  );
}

function UsersContent() {
  const { t } = useTranslation(['organizationAdmin', 'common']);
  const me = useAuthStore((state) => state.user);
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [inviteOpened, inviteModal] = useDisclosure(false);
  const [asking, setAsking] = useState<TOrganizationUser | null>(null);
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const users = useQuery({ queryKey: organizationUsersQueryKey(q), queryFn: () => fetchOrganizationUsers(q), placeholderData: (previous) => previous });

  const change = useMutation({
    mutationFn: ({ user, permissions, active }: TChange) => updateUser(user.id, { ...(permissions ? { permissions } : {}), ...(active !== undefined ? { active } : {}) }),
    onSuccess: async (updated, { active }) => {
      const key = active === undefined ? 'users.permissionsSaved' : active ? 'users.reactivatedDone' : 'users.deactivatedDone';
      notify('success', t(key, { name: updated.name }));
      setAsking(null);
      await queryClient.invalidateQueries({ queryKey: ['organization-admin', 'users'] });
    },
    onError: (error) => {
      setAsking(null);
      notify('error', errorMessage(error));
    },
  });

  return (
    <>
      <PageHeader
        title={t('users.title')}
        subtitle={t('users.subtitle', { organization: me?.organization.name ?? '' })}
        actions={
          <Button leftSection={<Icon name="users" size={18} />} onClick={inviteModal.open} data-testid="invite-user">
            {t('users.invite')}
          </Button>
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <TextInput
            leftSection={<Icon name="search" size={16} />}
            placeholder={t('users.search')}
            aria-label={t('users.search')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maw={420}
            data-testid="users-search"
          />
          {users.isPending ? (
            <CenteredLoader label={t('users.loading')} />
          ) : users.isError ? (
            <ErrorState error={users.error} onRetry={() => void users.refetch()} />
          ) : users.data.length === 0 ? (
            <Text c="dimmed" fz="sm" py="md" data-testid="users-empty">
              {t('users.empty')}
            </Text>
          ) : compact ? (
            <Stack gap="sm" data-testid="users-table">
              {users.data.map((user) => (
                <UserRow key={user.id} user={user} isSelf={user.id === me?.id} compact busy={change.isPending} onChange={(c) => change.mutate(c)} onAskActive={setAsking} />
              ))}
            </Stack>
          ) : (
            <ScrollArea type="auto">
              <Table verticalSpacing="sm" highlightOnHover miw={620} data-testid="users-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('users.columns.name')}</Table.Th>
                    <Table.Th>{t('users.columns.permissions')}</Table.Th>
                    <Table.Th>{t('users.columns.status')}</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>{t('users.columns.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {users.data.map((user) => (
                    <UserRow key={user.id} user={user} isSelf={user.id === me?.id} compact={false} busy={change.isPending} onChange={(c) => change.mutate(c)} onAskActive={setAsking} />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
        </Stack>
      </Paper>
      <InviteUserModal opened={inviteOpened} onClose={inviteModal.close} />
      <ConfirmModal
        opened={asking !== null}
        title={asking ? t(asking.active ? 'users.confirmDeactivateTitle' : 'users.confirmReactivateTitle', { name: asking.name }) : ''}
        body={asking ? t(asking.active ? 'users.confirmDeactivateBody' : 'users.confirmReactivateBody', { name: asking.name }) : ''}
        confirmLabel={asking?.active ? t('users.deactivate') : t('users.reactivate')}
        cancelLabel={t('users.cancel')}
        color={asking?.active ? 'red' : 'teal'}
        loading={change.isPending}
        onConfirm={() => asking && change.mutate({ user: asking, active: !asking.active })}
        onClose={() => setAsking(null)}
      />
    </>
  );
}

/** `organization/users.html`: the users of the current organisation (organization_admin). */
export function OrganizationUsersPage() {
  const { t } = useTranslation(['organizationAdmin', 'common']);
  useDocumentTitle(t('common:documentTitle', { page: t('users.title') }));
  return (
    <RequireOrganizationAdmin>
      <UsersContent />
    </RequireOrganizationAdmin>
  );
}
