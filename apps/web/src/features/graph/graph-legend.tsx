import { Box, Group, Paper, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { COLLABORATION_GRAPH_TYPE, type TGraphVisualization } from '@ona/contracts';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TGraphAppearance } from '../../graph/graph-appearance.ts';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { legendEntries, type TLegendEntry } from './graph-legend-entries.ts';

/** What a legend line stands for, in the reader's language (the page's legend and the print picture). */
export function entryLabel(entry: TLegendEntry, t: TFunction<'graph'>): string {
  if (entry.kind === 'unit') return entry.unitName ?? t('legend.noUnit');
  if (entry.roleClass === 'several') return t('legend.severalRoles');
  if (entry.roleClass === 'none') return t('legend.noRole');
  return t(`keyRoles.${entry.roleClass}`);
}

/** What the shapes and colours on the canvas mean, with how many people in view each covers. */
export function GraphLegend({ data, colorBy }: { data: TGraphVisualization; colorBy: TGraphAppearance['colorBy'] }) {
  const { t } = useTranslation('graph');
  // Until the user says otherwise: the key roles' colours mean nothing without their names, so
  // that legend opens; the unit legend (dozens of lines) starts folded to keep the canvas clear.
  const [chosen, setOpen] = useState<boolean | null>(null);
  const open = chosen ?? colorBy === 'keyPerson';
  const entries = useMemo(() => legendEntries(data, colorBy), [data, colorBy]);
  const locale = activeLocale();
  return (
    <Paper pos="absolute" bottom={10} left={10} px="xs" py={6} radius="sm" withBorder maw={280} style={{ zIndex: 3, opacity: 0.94 }} data-testid="graph-legend">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        {/* The triangle is the survey's "gave no answers": nobody answers in the collaboration network. */}
        {data.graph_type === COLLABORATION_GRAPH_TYPE ? <Text fz="xs">{t('legend.collaborationTies')}</Text> : <Text fz="xs">▲ {t('legend.noAnswers')}</Text>}
        {entries.length > 0 && (
          <UnstyledButton fz="xs" c="blue" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="graph-legend-toggle">
            {open ? t('legend.hideColours') : t('legend.showColours')}
          </UnstyledButton>
        )}
      </Group>
      {open && entries.length > 0 && (
        <ScrollArea.Autosize mah={150} mt={6} type="auto" scrollbars="y" offsetScrollbars="y">
          {/* A fixed width: the scroll area's content grows to fit, which would defeat truncation. */}
          <Stack gap={2} w={236}>
            {entries.map((entry) => {
              const label = entryLabel(entry, t);
              return (
              <Group key={entry.key} gap={6} wrap="nowrap" data-testid={`graph-legend-entry-${entry.kind}-${entry.key}`} data-color={entry.color}>
                <Box w={10} h={10} style={{ borderRadius: '50%', background: entry.color, flexShrink: 0 }} aria-hidden />
                <Text fz="xs" truncate style={{ flex: 1, minWidth: 0 }} title={label}>
                  {label}
                </Text>
                <Text fz="xs" c="dimmed" data-testid="graph-legend-count">
                  {formatNumber(entry.count, locale)}
                </Text>
              </Group>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
