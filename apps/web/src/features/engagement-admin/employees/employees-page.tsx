import { Badge, Group, Pagination, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shared/ui/icon.tsx';
import { ScrolledTable } from '../../../shared/ui/scrolled-table.tsx';
import { AdminFrame, QueryState } from '../admin-frame.tsx';
import { adminKeys, adminPaths, employeesQuery, uploadEmployees } from '../admin-api.ts';
import { DirectorySourcePanel } from './directory-source-panel.tsx';
import { UploadPanel } from '../upload/upload-panel.tsx';
import { filterEmployees, participationState, type TParticipationState } from './employee-filter.ts';

const PAGE_SIZE = 50;
const STATE_COLORS: Record<TParticipationState, string> = { not_invited: 'gray', invited: 'blue', started: 'yellow', finished: 'teal' };

function EmployeesTable({ engagementId }: { engagementId: number }) {
  const { t } = useTranslation('admin');
  const employees = useQuery(employeesQuery(engagementId));
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(1);
  const filtered = useMemo(() => filterEmployees(employees.data ?? [], term), [employees.data, term]);
  if (!employees.data) return <QueryState error={employees.error} isError={employees.isError} onRetry={() => void employees.refetch()} loadingLabel={t('employees.loading')} />;
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = filtered.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" gap="sm" mb="sm">
        <TextInput
          type="search"
          label={t('employees.search')}
          value={term}
          onChange={(event) => {
            setTerm(event.currentTarget.value);
            setPage(1);
          }}
          leftSection={<Icon name="search" size={16} />}
          w={{ base: '100%', sm: 320 }}
          data-testid="employees-search"
        />
        <Text fz="sm" c="dimmed" data-testid="employees-count">
          {t('employees.count', { shown: filtered.length, total: employees.data.length })}
        </Text>
      </Group>
      <ScrolledTable
        highlightOnHover
        miw={760}
        data-testid="employees-table"
        columns={(['name', 'email', 'unit', 'leader', 'status'] as const).map((column) => ({ label: t(`employees.${column}`) }))}
      >
        {shown.map((employee) => {
          const state = participationState(employee);
          return (
            <Table.Tr key={employee.id} data-testid="employee-row" data-employee-id={employee.id}>
              <Table.Td fw={500}>
                {employee.name}
                {employee.job_title && (
                  <Text fz="xs" c="dimmed">
                    {employee.job_title}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{employee.email ?? '–'}</Table.Td>
              <Table.Td>{employee.unit?.name ?? '–'}</Table.Td>
              <Table.Td>{employee.leader?.name ?? '–'}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATE_COLORS[state]} tt="none" fw={500}>
                  {t(`employees.states.${state}`)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ScrolledTable>
      {filtered.length === 0 && (
        <Text c="dimmed" ta="center" py="lg" data-testid="employees-empty">
          {employees.data.length === 0 ? t('employees.empty') : t('employees.noMatch')}
        </Text>
      )}
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination total={pages} value={current} onChange={setPage} size="sm" />
        </Group>
      )}
    </Paper>
  );
}

function Employees({ engagementId }: { engagementId: number }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  return (
    <Stack gap="lg">
      <DirectorySourcePanel engagementId={engagementId} />
      <UploadPanel
        testId="employees-upload"
        title={t('employees.uploadTitle')}
        description={t('employees.uploadDescription')}
        fieldLabel={t('employees.uploadField')}
        upload={(file) => uploadEmployees(engagementId, file)}
        describeResult={(result) =>
          t('employees.uploaded', { created: result.created_count, updated: result.updated_count, removed: result.removed_count, units: result.unit_count })
        }
        onUploaded={async () => {
          await queryClient.invalidateQueries({ queryKey: adminKeys.all(engagementId) });
          await queryClient.invalidateQueries({ queryKey: ['engagements'] });
        }}
        template={{ path: adminPaths.employeesTemplate(engagementId), fallbackName: 'employees-template.xlsx' }}
      />
      <EmployeesTable engagementId={engagementId} />
    </Stack>
  );
}

/** employees/list.html: the participants, taken from the directory or from an Excel upload. */
export function EmployeesPage() {
  const { t } = useTranslation('admin');
  return <AdminFrame title={t('pages.employees.title')}>{(engagement) => <Employees engagementId={engagement.id} />}</AdminFrame>;
}
