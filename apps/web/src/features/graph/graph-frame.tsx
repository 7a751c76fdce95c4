import { Center, Group, Loader, Text } from '@mantine/core';
import type { TGraphNamedBy, TGraphQuestion, TGraphStatistics } from '@ona/contracts';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { GraphStatistics } from './graph-statistics.tsx';
import { NamedByNote } from './named-by-note.tsx';

/** The frame of the graph canvas, as tall as the window allows: the people view and the overview of units alike. */
export const GRAPH_FRAME_STYLE: CSSProperties = { minWidth: 0, height: 'max(520px, calc(100vh - 300px))', borderRadius: 8, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)' };

/** Over the canvas while another question than the one drawn is being answered. */
export function RecalculatingOverlay() {
  const { t } = useTranslation('graph');
  return (
    <Center pos="absolute" inset={0} style={{ zIndex: 4, background: 'rgba(255,255,255,0.45)' }} data-testid="graph-recalculating" role="status">
      <Group gap="xs">
        <Loader size="sm" />
        <Text fw={600}>{t('recalculating')}</Text>
      </Group>
    </Center>
  );
}

/** Above the canvas: the view's statistics and, below all_access, how many named the reader. */
export function GraphSummary({ statistics, namedBy, questions }: { statistics: TGraphStatistics; namedBy: TGraphNamedBy | null | undefined; questions: readonly TGraphQuestion[] }) {
  return (
    <>
      <GraphStatistics statistics={statistics} />
      {namedBy && <NamedByNote namedBy={namedBy} questions={questions} />}
    </>
  );
}
