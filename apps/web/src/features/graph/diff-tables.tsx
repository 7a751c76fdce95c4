import { Stack, Text } from '@mantine/core';
import type { TPersonWaveStatus, TTieDiff, TTieStatus } from '@ona/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { SortableTable, type TColumn } from '../../shared/ui/sortable-table.tsx';

type TDiffPersonRow = { id: string; name: string; unit: string; status: string; statusCode: TPersonWaveStatus; kept: number; added: number; lost: number };
type TDiffTieRow = { key: string; source: string; target: string; status: string; statusCode: TTieStatus; questions: string };
type TPeopleColumn = 'name' | 'unit' | 'status' | 'kept' | 'added' | 'lost';
type TTiesColumn = 'source' | 'target' | 'status' | 'questions';

const PEOPLE_COLUMNS: readonly TColumn<TPeopleColumn>[] = [
  { column: 'name', numeric: false },
  { column: 'unit', numeric: false },
  { column: 'status', numeric: false },
  { column: 'kept', numeric: true },
  { column: 'added', numeric: true },
  { column: 'lost', numeric: true },
];
const TIES_COLUMNS: readonly TColumn<TTiesColumn>[] = [
  { column: 'source', numeric: false },
  { column: 'target', numeric: false, nowrap: true },
  { column: 'status', numeric: false },
  { column: 'questions', numeric: false },
];

/**
 * The table view of the graph diff: the people with their status and how many of their ties were
 * kept, added and lost, and the ties drawn with their status (per question too). The same answer
 * and the same "show" choices as the drawing feed it.
 */
export function DiffTables({ diff, show }: { diff: TTieDiff; show: Readonly<Record<TTieStatus, boolean>> }) {
  const { t, i18n } = useTranslation('graph');
  const locale = activeLocale();
  const labelOf = useMemo(() => new Map(diff.questions.map((question) => [question.key, question.label] as const)), [diff.questions]);
  const { people, ties } = useMemo(() => {
    const byId = new Map(diff.nodes.map((node) => [node.id, node] as const));
    const units = new Map([...diff.units_then.map((unit) => [`then:${unit.id}`, unit.name] as const), ...diff.units_now.map((unit) => [`now:${unit.id}`, unit.name] as const)]);
    const counts = new Map<string, Record<TTieStatus, number>>();
    const tieRows: TDiffTieRow[] = [];
    for (const edge of diff.edges) {
      for (const end of [edge.source, edge.target]) {
        const count = counts.get(end) ?? { kept: 0, added: 0, lost: 0 };
        count[edge.status]++;
        counts.set(end, count);
      }
      if (!show[edge.status]) continue;
      tieRows.push({
        key: `${edge.source}>${edge.target}`,
        source: byId.get(edge.source)?.name ?? edge.source,
        target: byId.get(edge.target)?.name ?? edge.target,
        status: t(`diff.ties.${edge.status}`),
        statusCode: edge.status,
        questions: edge.questions.map((question) => `${labelOf.get(question.key) ?? question.key}: ${t(`diff.ties.${question.status}`)}`).join('; '),
      });
    }
    const personRows: TDiffPersonRow[] = diff.nodes.map((node) => {
      const count = counts.get(node.id) ?? { kept: 0, added: 0, lost: 0 };
      const unit = node.unit_now !== null ? units.get(`now:${node.unit_now}`) : node.unit_then !== null ? units.get(`then:${node.unit_then}`) : undefined;
      return { id: node.id, name: node.name, unit: unit ?? '', status: t(`diff.people.${node.status}`), statusCode: node.status, ...count };
    });
    return { people: personRows, ties: tieRows };
  }, [diff, show, t, labelOf]);
  return (
    <Stack gap="lg" data-testid="graph-diff-tables">
      <Text fz="sm" c="dimmed">
        {t('diff.tableNote')}
      </Text>
      <SortableTable<TDiffPersonRow, TPeopleColumn>
        title={t('table.people')}
        caption={t('diff.peopleCaption', { shown: formatNumber(people.length, locale) })}
        rows={people}
        columns={PEOPLE_COLUMNS}
        label={(column) => (column === 'name' || column === 'unit' ? t(`table.${column}`) : column === 'status' ? t('diff.status') : t(`diff.ties.${column}`))}
        initialSort={{ column: 'name', direction: 'asc' }}
        tieBreak={['name', 'unit']}
        language={i18n.language}
        pagesLabel={t('table.pages', { table: t('table.people') })}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-status': row.statusCode })}
        testId="graph-diff-people-table"
        cells={(row) => [row.name, row.unit || t('table.noUnit'), row.status, formatNumber(row.kept, locale), formatNumber(row.added, locale), formatNumber(row.lost, locale)]}
      />
      <SortableTable<TDiffTieRow, TTiesColumn>
        title={t('table.ties')}
        caption={t('diff.tiesCaption', { shown: formatNumber(ties.length, locale) })}
        rows={ties}
        columns={TIES_COLUMNS}
        label={(column) => (column === 'status' ? t('diff.status') : t(`table.${column}`))}
        initialSort={{ column: 'source', direction: 'asc' }}
        tieBreak={['source', 'target']}
        language={i18n.language}
        pagesLabel={t('table.pages', { table: t('table.ties') })}
        rowKey={(row) => row.key}
        rowProps={(row) => ({ 'data-status': row.statusCode })}
        testId="graph-diff-ties-table"
        empty={t('table.noTies')}
        cells={(row) => [row.source, row.target, row.status, row.questions]}
      />
    </Stack>
  );
}
