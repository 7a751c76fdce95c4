import { Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { MODULES, type TAccessRightsRow, type TModule } from '@ona/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminFrame, QueryState } from '../admin-frame.tsx';
import { accessRightsDetailsQuery, accessRightsQuery } from '../admin-api.ts';
import { AccessLevelBadge } from './access-level-badge.tsx';
import { sharedLevels, type TSharedLevel } from './mixed-level.ts';
import { parseUserIds } from './user-ids.ts';

function RightsMatrix({ users, summary }: { users: readonly TAccessRightsRow[]; summary: Partial<Record<TModule, TSharedLevel>> }) {
  const { t } = useTranslation(['admin', 'engagements']);
  return (
    <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
      {/* Keyboard users scroll the wide table too (WCAG 2.1.1): its viewport takes focus. */}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table miw={1500} striped data-testid="access-rights-details">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('accessRights.name')}</Table.Th>
              {MODULES.map((module) => (
                <Table.Th key={module} fz="xs">
                  {t(`engagements:modules.${module}.title`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr data-testid="access-rights-summary" bg="var(--mantine-color-brand-0)">
              <Table.Td fw={700}>{t('accessRightsDetails.selection')}</Table.Td>
              {MODULES.map((module) => {
                const level = summary[module];
                return <Table.Td key={module}>{level && <AccessLevelBadge level={level} />}</Table.Td>;
              })}
            </Table.Tr>
            {users.map((user) => (
              <Table.Tr key={user.id} data-testid="access-rights-details-row" data-user-id={user.id}>
                <Table.Td>
                  <Text fz="sm" fw={500}>
                    {user.name}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {user.unit?.name ?? user.email}
                  </Text>
                </Table.Td>
                {MODULES.map((module) => (
                  <Table.Td key={module}>
                    <AccessLevelBadge level={user.access_rights[module]} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}

function Details({ engagementId }: { engagementId: number }) {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const ids = useMemo(() => parseUserIds(params.get('users')), [params]);
  const details = useQuery({ ...accessRightsDetailsQuery(engagementId, ids), enabled: ids.length > 0 });
  const everyone = useQuery({ ...accessRightsQuery(engagementId, ''), enabled: ids.length === 0 });

  if (ids.length > 0) {
    if (!details.data) return <QueryState error={details.error} isError={details.isError} onRetry={() => void details.refetch()} loadingLabel={t('accessRights.loading')} />;
    return (
      <Stack gap="sm">
        <Text c="dimmed" fz="sm">
          {t('accessRightsDetails.selectionIntro', { count: details.data.users.length })}
        </Text>
        <RightsMatrix users={details.data.users} summary={details.data.access_rights} />
      </Stack>
    );
  }
  if (!everyone.data) return <QueryState error={everyone.error} isError={everyone.isError} onRetry={() => void everyone.refetch()} loadingLabel={t('accessRights.loading')} />;
  const summary = sharedLevels(
    everyone.data.map((row) => row.access_rights),
    MODULES,
  );
  return (
    <Stack gap="sm">
      <Text c="dimmed" fz="sm">
        {t('accessRightsDetails.everyoneIntro', { count: everyone.data.length })}
      </Text>
      <RightsMatrix users={everyone.data} summary={summary} />
    </Stack>
  );
}

/** access-rights-details.html(?users=…): the rights of a selection (or everyone), module by module. */
export function AccessRightsDetailsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminFrame title={t('pages.accessRightsDetails.title')} back={{ page: 'access-rights.html', label: t('pages.accessRights.title') }}>
      {(engagement) => <Details engagementId={engagement.id} />}
    </AdminFrame>
  );
}
