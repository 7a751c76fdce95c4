import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { TIE_STATUSES, type TTieDiff, type TTieStatus } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { DIFF_COLORS, DIFF_WIDTHS, LOST_DASH } from '../../graph/diff-appearance.ts';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';

/** A short line drawn as the canvas draws a tie of that status (colour, width, dash). */
export function DiffLineSample({ status }: { status: TTieStatus }) {
  return (
    <svg width={28} height={10} aria-hidden="true" style={{ flexShrink: 0 }}>
      <line x1={1} y1={5} x2={27} y2={5} stroke={DIFF_COLORS[status]} strokeWidth={Math.max(1, DIFF_WIDTHS[status] * 1.3)} strokeDasharray={status === 'lost' ? LOST_DASH.join(' ') : undefined} />
    </svg>
  );
}

/** A person's mark: a dot in the status colour, ringed solid (joined) or dashed (left). */
function PersonSample({ status }: { status: 'stayed' | 'joined' | 'left' }) {
  return (
    <svg width={28} height={16} aria-hidden="true" style={{ flexShrink: 0 }}>
      <circle cx={14} cy={8} r={4} fill={DIFF_COLORS[status]} />
      {status !== 'stayed' && <circle cx={14} cy={8} r={6.5} fill="none" stroke={DIFF_COLORS[status]} strokeWidth={1.5} strokeDasharray={status === 'left' ? '3 2' : undefined} />}
    </svg>
  );
}

/** What the diff's lines and marks mean, with how many of each the diff holds. */
export function DiffLegend({ diff }: { diff: TTieDiff }) {
  const { t } = useTranslation('graph');
  const locale = activeLocale();
  // Open until the reader folds it, except on a phone, where it would cover most of the drawing.
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const [chosen, setOpen] = useState<boolean | null>(null);
  const open = chosen ?? !phone;
  return (
    <Paper pos="absolute" bottom={10} left={10} px="xs" py={6} radius="sm" withBorder maw={280} style={{ zIndex: 3, opacity: 0.94 }} data-testid="graph-diff-legend">
      <Group justify="space-between" gap="sm" wrap="nowrap" mb={open ? 4 : 0}>
        <Text fz="xs" fw={600}>
          {t('diff.legendTitle', { earlier: diff.earlier.name })}
        </Text>
        <UnstyledButton fz="xs" c="blue" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="graph-diff-legend-toggle" style={{ flexShrink: 0 }}>
          {open ? t('diff.legendHide') : t('diff.legendShow')}
        </UnstyledButton>
      </Group>
      <Stack gap={2} display={open ? undefined : 'none'}>
        {TIE_STATUSES.map((status) => (
          <Group key={status} gap={6} wrap="nowrap" data-testid={`graph-diff-legend-${status}`} data-count={diff.statistics[status]}>
            <DiffLineSample status={status} />
            <Text fz="xs" style={{ flex: 1 }}>
              {t(`diff.ties.${status}`)}
            </Text>
            <Text fz="xs" c="dimmed">
              {formatNumber(diff.statistics[status], locale)}
            </Text>
          </Group>
        ))}
        {(['stayed', 'joined', 'left'] as const).map((status) => (
          <Group key={status} gap={6} wrap="nowrap" data-testid={`graph-diff-legend-${status}`} data-count={diff.statistics[status]}>
            <PersonSample status={status} />
            <Text fz="xs" style={{ flex: 1 }}>
              {t(`diff.people.${status}`)}
            </Text>
            <Text fz="xs" c="dimmed">
              {formatNumber(diff.statistics[status], locale)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
