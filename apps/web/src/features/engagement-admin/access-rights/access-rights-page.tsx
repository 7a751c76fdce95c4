import { Anchor, Button, Checkbox, Group, Paper, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MODULES, type TAccessRightsRow } from '@ona/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRoutePath } from '../../../shared/routing/route-set-context.tsx';
import { Icon } from '../../../shared/ui/icon.tsx';
import { AdminFrame, QueryState } from '../admin-frame.tsx';
import { accessRightsQuery } from '../admin-api.ts';
import { AccessLevelBadge } from './access-level-badge.tsx';
import { AccessRightsModal } from './access-rights-modal.tsx';

function AccessRights({ engagementId }: { engagementId: number }) {
  const { t } = useTranslation(['admin', 'engagements']);
  const path = useRoutePath();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const { data: rows, error, isError, refetch, isFetching } = useQuery(accessRightsQuery(engagementId, q));
  // Kept by id with the row, so a selection survives a new search.
  const [selected, setSelected] = useState<ReadonlyMap<number, TAccessRightsRow>>(new Map());
  const [editing, setEditing] = useState(false);
  const selectedUsers = useMemo(() => [...selected.values()], [selected]);

  const toggle = (row: TAccessRightsRow) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  const visible = rows ?? [];
  const allVisibleSelected = visible.length > 0 && visible.every((row) => selected.has(row.id));
  const someVisibleSelected = visible.some((row) => selected.has(row.id));
  const toggleAll = () =>
    setSelected((current) => {
      const next = new Map(current);
      if (allVisibleSelected) for (const row of visible) next.delete(row.id);
      else for (const row of visible) next.set(row.id, row);
      return next;
    });

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <TextInput
            type="search"
            label={t('accessRights.search')}
            placeholder={t('accessRights.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<Icon name="search" size={16} />}
            w={{ base: '100%', sm: 320 }}
            data-testid="access-rights-search"
          />
          <Group gap="sm">
            <Text fz="sm" c="dimmed" data-testid="access-rights-selected-count">
              {t('accessRights.selectedCount', { count: selected.size })}
            </Text>
            {selected.size > 0 && (
              <Button variant="subtle" size="sm" onClick={() => setSelected(new Map())}>
                {t('accessRights.clearSelection')}
              </Button>
            )}
            <Button
              variant="default"
              component={Link}
              to={path(`engagements/${engagementId}/admin/access-rights-details.html${selected.size > 0 ? `?users=${[...selected.keys()].join(',')}` : ''}`)}
            >
              {t('accessRights.details')}
            </Button>
            <Button disabled={selected.size === 0} onClick={() => setEditing(true)} data-testid="access-rights-edit">
              {t('accessRights.edit')}
            </Button>
          </Group>
        </Group>
      </Paper>
      {!rows ? (
        <QueryState error={error} isError={isError} onRetry={() => void refetch()} loadingLabel={t('accessRights.loading')} />
      ) : (
        <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden', opacity: isFetching ? 0.7 : 1 }}>
          <ScrollArea type="auto">
            <Table striped highlightOnHover miw={1600} data-testid="access-rights-table" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('accessRights.selectAll')}
                      checked={allVisibleSelected}
                      indeterminate={!allVisibleSelected && someVisibleSelected}
                      onChange={toggleAll}
                      data-testid="access-rights-select-all"
                    />
                  </Table.Th>
                  <Table.Th>{t('accessRights.name')}</Table.Th>
                  <Table.Th>{t('accessRights.email')}</Table.Th>
                  <Table.Th>{t('accessRights.unit')}</Table.Th>
                  {MODULES.map((module) => (
                    <Table.Th key={module} fz="xs">
                      {t(`engagements:modules.${module}.title`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="access-rights-row" data-user-id={row.id} data-selected={selected.has(row.id)}>
                    <Table.Td>
                      <Checkbox aria-label={t('accessRights.select', { name: row.name })} checked={selected.has(row.id)} onChange={() => toggle(row)} />
                    </Table.Td>
                    <Table.Td fw={500}>{row.name}</Table.Td>
                    <Table.Td>
                      <Anchor href={`mailto:${row.email}`} fz="sm">
                        {row.email}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{row.unit?.name ?? '–'}</Table.Td>
                    {MODULES.map((module) => (
                      <Table.Td key={module} data-module={module}>
                        <AccessLevelBadge level={row.access_rights[module]} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {rows.length === 0 && (
            <Text c="dimmed" ta="center" py="xl" data-testid="access-rights-empty">
              {q ? t('accessRights.noMatch') : t('accessRights.empty')}
            </Text>
          )}
        </Paper>
      )}
      <AccessRightsModal
        engagementId={engagementId}
        users={selectedUsers}
        opened={editing}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          setSelected(new Map());
        }}
      />
    </Stack>
  );
}

/** access-rights.html: who sees which module, searchable, bulk-edited in a modal. */
export function AccessRightsPage() {
  const { t } = useTranslation('admin');
  return <AdminFrame title={t('pages.accessRights.title')}>{(engagement) => <AccessRights engagementId={engagement.id} />}</AdminFrame>;
}
