import { Badge, Button, Paper, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRoutePath } from '../../../shared/routing/route-set-context.tsx';
import { CenteredLoader } from '../../../shared/ui/centered-loader.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { groupsQuery } from '../instant-survey-api.ts';

export function GroupsListPage() {
  const { t } = useTranslation(['instantSurvey', 'common']);
  useDocumentTitle(t('common:documentTitle', { page: t('groups.title') }));
  const path = useRoutePath();
  const navigate = useNavigate();
  const groups = useQuery(groupsQuery());
  return (
    <>
      <PageHeader title={t('groups.title')} actions={<Button component={Link} to={path('groups/new.html')}>{t('groups.new')}</Button>} />
      {groups.isPending ? (
        <CenteredLoader label={t('loading')} />
      ) : groups.isError ? (
        <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />
      ) : groups.data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center" c="dimmed">{t('groups.empty')}</Text>
        </Paper>
      ) : (
        <Paper withBorder radius="lg">
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Tbody>
              {groups.data.map((group) => (
                <Table.Tr key={group.id} data-testid="group-row" style={{ cursor: 'pointer' }} onClick={() => void navigate(path(`groups/${group.id}.html`))}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text fw={600}>{group.name}</Text>
                      <Text fz="xs" c="dimmed" lineClamp={1}>{group.users.map((u) => u.name).join(', ')}</Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Badge variant="light">{t('groups.memberCount', { count: group.users.length })}</Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </>
  );
}
