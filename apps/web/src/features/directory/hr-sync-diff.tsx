import { Alert, Badge, Button, Group, Paper, ScrollArea, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import type { THrSync } from '@ona/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Entries shown per list; the counts say how many there are in all. */
const SHOWN = 100;

const STATUS_COLOR = { pending: 'blue', held: 'orange', applied: 'teal', discarded: 'gray' } as const;

function ListTable({ head, rows, testId }: { head: string[]; rows: ReactNode[][]; testId: string }) {
  const { t } = useTranslation('directory');
  if (rows.length === 0) return <Text fz="sm" c="dimmed" py="sm">{t('hrSync.diff.none')}</Text>;
  return (
    <ScrollArea>
      <Table verticalSpacing={4} fz="sm" miw={640} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>{head.map((h) => <Table.Th key={h}>{h}</Table.Th>)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.slice(0, SHOWN).map((cells, i) => (
            <Table.Tr key={i} data-testid={`${testId}-row`}>{cells.map((c, j) => <Table.Td key={j}>{c}</Table.Td>)}</Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** A sync's diff: its state, what holds it, the counts and the lists; the administrator's decision below. */
export function HrSyncDiff({ sync, onApply, onDiscard, busy }: { sync: THrSync; onApply: (override: boolean) => void; onDiscard: () => void; busy: boolean }) {
  const { t } = useTranslation('directory');
  const { counts } = sync.diff;
  const arrow = (from: string | null, to: string | null) => `${from ?? '—'} → ${to ?? '—'}`;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="hr-sync-diff" data-status={sync.status}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} fz="md">
            {t('hrSync.diff.title', { file: sync.file_name ?? '' })}
          </Title>
          <Badge color={STATUS_COLOR[sync.status]} variant="light" data-testid="hr-sync-status">
            {t(`hrSync.status.${sync.status}`)}
          </Badge>
        </Group>
        {sync.holds.map((hold) => (
          <Alert key={hold.reason} color="orange" variant="light" title={t('hrSync.diff.heldTitle')} data-testid="hr-sync-hold">
            {hold.message}
          </Alert>
        ))}
        <Text fz="sm" data-testid="hr-sync-counts">
          {t('hrSync.diff.counts', counts)}
        </Text>
        <Tabs defaultValue="joiners" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="joiners">{t('hrSync.diff.joiners', { count: counts.joiners })}</Tabs.Tab>
            <Tabs.Tab value="movers">{t('hrSync.diff.movers', { count: counts.movers })}</Tabs.Tab>
            <Tabs.Tab value="leavers" data-testid="hr-tab-leavers">{t('hrSync.diff.leavers', { count: counts.leavers })}</Tabs.Tab>
            <Tabs.Tab value="changed">{t('hrSync.diff.changed', { count: counts.changed })}</Tabs.Tab>
            <Tabs.Tab value="refused">{t('hrSync.diff.refused', { count: counts.refused })}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="joiners">
            <ListTable testId="hr-joiners" head={[t('hrSync.diff.person'), t('people.email'), t('people.unit'), t('people.manager')]} rows={sync.diff.joiners.map((j) => [j.display_name, j.email, j.unit_path ?? '', j.manager_external_id ?? ''])} />
          </Tabs.Panel>
          <Tabs.Panel value="movers">
            <ListTable testId="hr-movers" head={[t('hrSync.diff.person'), t('people.unit'), t('people.manager')]} rows={sync.diff.movers.map((m) => [m.display_name, arrow(m.unit_from, m.unit_to), arrow(m.manager_from, m.manager_to)])} />
          </Tabs.Panel>
          <Tabs.Panel value="leavers">
            <ListTable testId="hr-leavers" head={[t('hrSync.diff.person'), t('people.unit'), t('hrSync.diff.leaveDate'), t('hrSync.diff.why')]} rows={sync.diff.leavers.map((l) => [l.display_name, l.unit_path ?? '', l.leave_date, l.missing_from_file ? t('hrSync.diff.missing') : (l.leave_reason ?? '')])} />
          </Tabs.Panel>
          <Tabs.Panel value="changed">
            <ListTable testId="hr-changed" head={[t('hrSync.diff.person'), t('hrSync.diff.changes')]} rows={sync.diff.changed.map((c) => [c.display_name, c.changes.map((x) => `${x.field}: ${arrow(x.from, x.to)}`).join('; ')])} />
          </Tabs.Panel>
          <Tabs.Panel value="refused">
            <ListTable testId="hr-refused" head={[t('hrSync.diff.row'), t('hrSync.diff.externalId'), t('hrSync.diff.reason')]} rows={sync.diff.refused.map((r) => [String(r.row), r.external_id ?? '', r.message])} />
          </Tabs.Panel>
        </Tabs>
        {(sync.status === 'pending' || sync.status === 'held') && (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDiscard} disabled={busy} data-testid="hr-sync-discard">
              {t('hrSync.diff.discard')}
            </Button>
            <Button color={sync.status === 'held' ? 'orange' : undefined} onClick={() => onApply(sync.status === 'held')} loading={busy} data-testid="hr-sync-apply">
              {sync.status === 'held' ? t('hrSync.diff.applyAnyway') : t('hrSync.diff.apply')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
