import { Anchor, Group, Text, UnstyledButton } from '@mantine/core';
import type { TRetentionEmployeeRow, TRetentionExplanations } from '@ona/contracts';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/format-date.ts';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import { WindowedList } from '../../../shared/ui/windowed-list.tsx';
import { CodeBadges } from '../code-badges.tsx';
import { DATASHEET_COLUMNS, type TDatasheetColumn, type TDatasheetSort } from '../retention-sort.ts';
import { RiskLevelBadge } from '../risk-level-badge.tsx';
import classes from './datasheet.module.css';
import { columnWidths, gridTemplate, type TLine, type TSegment } from './datasheet-widths.ts';
import { useTextMeasure } from './use-text-measure.ts';

/** A badge's padding (10 px a side) and border (1 px a side). */
const BADGE_EXTRA = 22;
/** Grid padding (12 px a side) and the gaps between the eight columns (10 px). */
const SHEET_EXTRA = 24 + 7 * 10;
const DASH = '–';

const ROW_HEIGHT = 52;
/** Tall enough for about twelve rows, short enough to keep the header and filters in view. */
const VIEWPORT_HEIGHT = 640;

type TDatasheetProps = {
  /** One page of the sheet, as the server sorted and filtered it. */
  employees: readonly TRetentionEmployeeRow[];
  /** Rows of the whole sheet (every page), for aria-rowcount. */
  total: number;
  /** Place of the page's first row in the whole sheet (0 on the first page). */
  firstRowIndex: number;
  /** True while the rows shown are the previous page's and the asked-for page is on its way. */
  busy: boolean;
  explanations: TRetentionExplanations;
  sort: TDatasheetSort;
  onSort: (column: TDatasheetColumn) => void;
  /** Changes with the filters, the sort or the page, to bring the list back to its top. */
  resetKey: string;
  onOpen: (employee: TRetentionEmployeeRow) => void;
};

function SortHeader({ column, sort, onSort }: { column: TDatasheetColumn; sort: TDatasheetSort; onSort: (column: TDatasheetColumn) => void }) {
  const { t } = useTranslation('retention');
  const active = sort.column === column;
  const label = t(`employees.columns.${column}`);
  // The header says how the column is sorted (aria-sort); its button, named by the header's text, changes it.
  return (
    <div className={classes.cell} role="columnheader" aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} title={t('employees.sortBy', { column: label })} data-testid={`sort-${column}`} data-active={active || undefined} data-direction={active ? sort.direction : undefined}>
        <Group gap={4} wrap="nowrap">
          <Text fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {label}
          </Text>
          <Text fz="xs" c={active ? 'blue' : 'dimmed'} aria-hidden="true">
            {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
          </Text>
        </Group>
      </UnstyledButton>
    </div>
  );
}

type TEmployeeRowProps = { rowIndex: number; employee: TRetentionEmployeeRow; explanations: TRetentionExplanations; onOpen: (employee: TRetentionEmployeeRow) => void };

function EmployeeRow({ rowIndex, employee, explanations, onOpen }: TEmployeeRowProps) {
  const { t } = useTranslation('retention');
  const locale = activeLocale();
  const dash = DASH;
  return (
    <div className={classes.row} role="row" aria-rowindex={rowIndex} data-testid="datasheet-row" data-employee={employee.id} data-level={employee.risk_level}>
      <div className={classes.cell} role="cell">
        <Anchor component="button" type="button" fz="sm" fw={600} c="dark" title={employee.name} onClick={() => onOpen(employee)} data-testid="datasheet-name" style={{ whiteSpace: 'nowrap', display: 'block', textAlign: 'left' }}>
          {employee.name}
        </Anchor>
        {!employee.has_answered && (
          <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('employees.notAnswered')}
          </Text>
        )}
      </div>
      <div className={classes.cell} role="cell">
        <RiskLevelBadge level={employee.risk_level} explanations={explanations} />
      </div>
      <div className={classes.cell} role="cell">
        <CodeBadges kind="riskFactors" codes={employee.risk_factors.map((factor) => factor.code)} explanations={explanations} limit={1} wrap={false} />
      </div>
      <div className={classes.cell} role="cell" title={employee.unit_name ?? ''}>
        {employee.unit_name || dash}
      </div>
      <div className={classes.cell} role="cell" title={employee.leader_name ?? ''}>
        {employee.leader_name || dash}
      </div>
      <div className={classes.cell} role="cell">{employee.generation === null ? dash : t(`codes.generations.${employee.generation}`)}</div>
      <div className={classes.cell} role="cell">
        <CodeBadges kind="keyRoles" codes={employee.key_roles} explanations={explanations} limit={1} wrap={false} />
      </div>
      <div className={classes.cell} role="cell">{employee.works_since === null ? dash : formatDate(employee.works_since, locale)}</div>
    </div>
  );
}

/** Every line each column shows, header first, as the datasheet-widths module measures them. */
function useColumnWidths(employees: readonly TRetentionEmployeeRow[]): number[] {
  const { t } = useTranslation('retention');
  const measure = useTextMeasure();
  const locale = activeLocale();
  return useMemo(() => {
    const text = (value: string): TLine => [{ text: value || DASH, font: 'text', extra: 0 }];
    // The first badge and a "+n" for the rest, as CodeBadges shows them with limit 1.
    const badges = (first: string | undefined, count: number): TLine => {
      if (first === undefined) return text('');
      const shown: TSegment = { text: first, font: 'badge', extra: BADGE_EXTRA };
      return count > 1 ? [shown, { text: t('employees.more', { count: count - 1 }), font: 'badgeCaps', extra: BADGE_EXTRA }] : [shown];
    };
    const columns: TLine[][] = DATASHEET_COLUMNS.map((column) => [[{ text: t(`employees.columns.${column}`), font: 'strong', extra: 0 }, { text: '↕', font: 'small', extra: 0 }]]);
    const [names, levels, factors, units, leaders, generations, roles, since] = columns as [TLine[], TLine[], TLine[], TLine[], TLine[], TLine[], TLine[], TLine[]];
    for (let level = 0; level <= 4; level += 1) levels.push([{ text: t('riskLevel.badge', { level }), font: 'badgeCaps', extra: BADGE_EXTRA }]);
    generations.push(text(''));
    if (employees.some((employee) => !employee.has_answered)) names.push([{ text: t('employees.notAnswered'), font: 'small', extra: 0 }]);
    for (const employee of employees) {
      names.push([{ text: employee.name, font: 'strong', extra: 0 }]);
      const factor = employee.risk_factors[0];
      factors.push(badges(factor && t(`codes.riskFactors.${factor.code}`), employee.risk_factors.length));
      units.push(text(employee.unit_name ?? ''));
      leaders.push(text(employee.leader_name ?? ''));
      if (employee.generation !== null) generations.push(text(t(`codes.generations.${employee.generation}`)));
      const role = employee.key_roles[0];
      roles.push(badges(role && t(`codes.keyRoles.${role}`), employee.key_roles.length));
      since.push(text(employee.works_since === null ? '' : formatDate(employee.works_since, locale)));
    }
    return columnWidths(columns, measure);
  }, [employees, t, measure, locale]);
}

/**
 * The employee datasheet (spec §3 columns), one page of it: the server filters, sorts and pages the
 * people (docs/analysis-result-parts.md). Rows are virtualised within the page, and header and rows
 * share one CSS grid so the columns line up.
 */
export function EmployeeDatasheet({ employees, total, firstRowIndex, busy, explanations, sort, onSort, resetKey, onOpen }: TDatasheetProps) {
  const { t } = useTranslation('retention');
  const widths = useColumnWidths(employees);
  // Each column as wide as its widest text, header and rows alike (the rows are windowed, so the
  // grid cannot size itself); the sheet scrolls sideways when the columns need more than the screen.
  const columns = { '--datasheet-columns': gridTemplate(widths), minWidth: widths.reduce((sum, width) => sum + width, SHEET_EXTRA) } as CSSProperties;
  return (
    <div className={classes.scroller}>
      {/* A table to assistive technology (role="table", rows, column headers with aria-sort) drawn
          as a CSS grid so that only the rows in view are rendered: aria-rowcount tells the full
          size and each row's aria-rowindex its place (the header is row 1). */}
      <div className={classes.sheet} style={columns} role="table" aria-label={t('employees.title')} aria-rowcount={total + 1} aria-busy={busy} data-testid="employee-datasheet">
        <div role="rowgroup">
          <div className={classes.header} role="row" aria-rowindex={1}>
            {DATASHEET_COLUMNS.map((column) => (
              <SortHeader key={column} column={column} sort={sort} onSort={onSort} />
            ))}
          </div>
        </div>
        {employees.length === 0 ? (
          <div role="rowgroup">
            <div role="row">
              <Text role="cell" c="dimmed" ta="center" py="xl" data-testid="retention-empty">
                {t('employees.empty')}
              </Text>
            </div>
          </div>
        ) : (
          <WindowedList
            items={employees}
            rowHeight={ROW_HEIGHT}
            height={VIEWPORT_HEIGHT}
            itemKey={(employee) => employee.id}
            renderRow={(employee, index) => <EmployeeRow rowIndex={firstRowIndex + index + 2} employee={employee} explanations={explanations} onOpen={onOpen} />}
            label={t('employees.title')}
            testId="retention-datasheet"
            resetKey={resetKey}
            semantics="rows"
          />
        )}
      </div>
    </div>
  );
}
