import { Anchor, Group, Text, UnstyledButton } from '@mantine/core';
import type { TRetentionEmployee, TRetentionExplanations } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/format-date.ts';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import { WindowedList } from '../../../shared/ui/windowed-list.tsx';
import { CodeBadges } from '../code-badges.tsx';
import type { TRetentionLookups } from '../retention-lookups.ts';
import { DATASHEET_COLUMNS, type TDatasheetColumn, type TDatasheetSort } from '../retention-sort.ts';
import { RiskLevelBadge } from '../risk-level-badge.tsx';
import classes from './datasheet.module.css';

const ROW_HEIGHT = 52;
/** Tall enough for about twelve rows, short enough to keep the header and filters in view. */
const VIEWPORT_HEIGHT = 640;

type TDatasheetProps = {
  employees: readonly TRetentionEmployee[];
  explanations: TRetentionExplanations;
  lookups: TRetentionLookups;
  sort: TDatasheetSort;
  onSort: (column: TDatasheetColumn) => void;
  /** Changes when the filters or the sort change, to bring the list back to its top. */
  resetKey: string;
  onOpen: (employee: TRetentionEmployee) => void;
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
          <Text fz="sm" fw={700} truncate>
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

type TEmployeeRowProps = { rowIndex: number; employee: TRetentionEmployee; explanations: TRetentionExplanations; lookups: TRetentionLookups; onOpen: (employee: TRetentionEmployee) => void };

function EmployeeRow({ rowIndex, employee, explanations, lookups, onOpen }: TEmployeeRowProps) {
  const { t } = useTranslation('retention');
  const locale = activeLocale();
  const dash = '–';
  return (
    <div className={classes.row} role="row" aria-rowindex={rowIndex} data-testid="datasheet-row" data-employee={employee.id} data-level={employee.risk_level}>
      <div className={classes.cell} role="cell">
        <Anchor component="button" type="button" fz="sm" fw={600} c="dark" title={employee.name} onClick={() => onOpen(employee)} data-testid="datasheet-name" style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block', textAlign: 'left' }}>
          {employee.name}
        </Anchor>
        {!employee.has_answered && (
          <Text fz="xs" c="dimmed" truncate>
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
      <div className={classes.cell} role="cell" title={lookups.unitName(employee.unit)}>
        {lookups.unitName(employee.unit) || dash}
      </div>
      <div className={classes.cell} role="cell" title={lookups.employeeName(employee.leader)}>
        {lookups.employeeName(employee.leader) || dash}
      </div>
      <div className={classes.cell} role="cell">{employee.generation === null ? dash : t(`codes.generations.${employee.generation}`)}</div>
      <div className={classes.cell} role="cell">
        <CodeBadges kind="keyRoles" codes={employee.key_roles} explanations={explanations} limit={1} wrap={false} />
      </div>
      <div className={classes.cell} role="cell">{employee.works_since === null ? dash : formatDate(employee.works_since, locale)}</div>
    </div>
  );
}

/**
 * The employee datasheet (spec §3 columns). Rows are virtualised: thousands of employees cost as
 * much as the dozen in view, and header and rows share one CSS grid so the columns line up.
 */
export function EmployeeDatasheet({ employees, explanations, lookups, sort, onSort, resetKey, onOpen }: TDatasheetProps) {
  const { t } = useTranslation('retention');
  return (
    <div className={classes.scroller}>
      {/* A table to assistive technology (role="table", rows, column headers with aria-sort) drawn
          as a CSS grid so that only the rows in view are rendered: aria-rowcount tells the full
          size and each row's aria-rowindex its place (the header is row 1). */}
      <div className={classes.sheet} role="table" aria-label={t('employees.title')} aria-rowcount={employees.length + 1} data-testid="employee-datasheet">
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
            renderRow={(employee, index) => <EmployeeRow rowIndex={index + 2} employee={employee} explanations={explanations} lookups={lookups} onOpen={onOpen} />}
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
