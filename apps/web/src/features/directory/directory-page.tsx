import { Badge, Group, Pagination, Paper, ScrollArea, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { DIRECTORY_STATES, type TDirectoryPerson } from '@ona/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { ErrorState } from '../../shared/ui/error-state.tsx';
import { directoryPeopleQueryKey, fetchDirectoryPeople } from './directory-api.ts';
import { HrSyncPanel } from './hr-sync-panel.tsx';
import { PersonRequestsMenu } from './person-requests.tsx';
import { ScimTokensPanel } from './scim-tokens-panel.tsx';
import { RequireOrganizationAdmin } from '../organization-admin/require-organization-admin.tsx';

const PAGE_SIZE = 25;
type TState = (typeof DIRECTORY_STATES)[number];

function PersonRow({ person }: { person: TDirectoryPerson }) {
  const { t } = useTranslation('directory');
  const locale = activeLocale();
  return (
    <Table.Tr data-testid="directory-person" c={person.active ? undefined : 'dimmed'}>
      <Table.Td fz="sm" fw={500}>
        {person.display_name}
      </Table.Td>
      <Table.Td fz="sm">{person.email}</Table.Td>
      <Table.Td fz="sm">{person.unit_path ?? ''}</Table.Td>
      <Table.Td fz="sm">{person.manager_external_id ?? ''}</Table.Td>
      <Table.Td fz="sm">{person.hire_date ? formatDate(person.hire_date, locale) : ''}</Table.Td>
      <Table.Td>
        {person.erased_at !== null ? (
          <Badge color="dark" variant="light" data-testid="directory-erased">
            {t('people.erased')}
          </Badge>
        ) : person.active ? (
          <Badge color="teal" variant="light">
            {t('people.active')}
          </Badge>
        ) : (
          <Badge color="gray" variant="light" data-testid="directory-leaver">
            {person.leave_date ? t('people.leaver', { date: formatDate(person.leave_date, locale) }) : t('people.leaverNoDate')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <PersonRequestsMenu person={person} />
      </Table.Td>
    </Table.Tr>
  );
}

function DirectoryContent() {
  const { t } = useTranslation('directory');
  const [state, setState] = useState<TState>('all');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query = { page, page_size: PAGE_SIZE, state, ...(debouncedSearch ? { search: debouncedSearch } : {}) };
  const people = useQuery({ queryKey: directoryPeopleQueryKey(query), queryFn: ({ signal }) => fetchDirectoryPeople(query, signal), placeholderData: keepPreviousData });
  const pages = people.data ? Math.max(1, Math.ceil(people.data.total / PAGE_SIZE)) : 1;

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} fz="xl">
        {t('title')}
      </Title>
      <Text c="dimmed" fz="sm">
        {t('intro')}
      </Text>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="directory-people">
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <SegmentedControl
              value={state}
              onChange={(value) => {
                setState(value as TState);
                setPage(1);
              }}
              data={DIRECTORY_STATES.map((value) => ({ value, label: t(`filters.${value}`) }))}
              data-testid="directory-state"
            />
            <TextInput
              placeholder={t('filters.search')}
              aria-label={t('filters.search')}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              style={{ flex: 1, maxWidth: 360 }}
              data-testid="directory-search"
            />
          </Group>
          {people.data && (
            <Text fz="sm" c="dimmed" data-testid="directory-counts">
              {t('people.counts', { active: people.data.active, leavers: people.data.leavers })}
            </Text>
          )}
          {people.isError ? (
            <ErrorState error={people.error} onRetry={() => void people.refetch()} />
          ) : people.data && people.data.data.length === 0 ? (
            <Text fz="sm" c="dimmed" data-testid="directory-empty">
              {t('people.empty')}
            </Text>
          ) : (
            <ScrollArea>
              <Table verticalSpacing="xs" miw={760}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('people.name')}</Table.Th>
                    <Table.Th>{t('people.email')}</Table.Th>
                    <Table.Th>{t('people.unit')}</Table.Th>
                    <Table.Th>{t('people.manager')}</Table.Th>
                    <Table.Th>{t('people.hireDate')}</Table.Th>
                    <Table.Th>{t('people.state')}</Table.Th>
                    <Table.Th>{t('people.requests')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(people.data?.data ?? []).map((person) => (
                    <PersonRow key={person.id} person={person} />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
          {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} data-testid="directory-pages" />}
        </Stack>
      </Paper>
      <HrSyncPanel />
      <ScimTokensPanel />
    </Stack>
  );
}

/** `organization/directory.html`: the organisation's directory and its SCIM tokens (organization_admin). */
export function DirectoryPage() {
  const { t } = useTranslation(['directory', 'common']);
  useDocumentTitle(t('common:documentTitle', { page: t('directory:title') }));
  return (
    <RequireOrganizationAdmin>
      <DirectoryContent />
    </RequireOrganizationAdmin>
  );
}
