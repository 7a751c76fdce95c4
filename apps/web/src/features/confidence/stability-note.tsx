import { Text, Tooltip } from '@mantine/core';
import type { TModule, TStabilityCentrality } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { useConfidence } from './confidence-api.ts';
import { networkStability, stabilitySummary } from './stability-summary.ts';

/**
 * Where rankings are shown: which centralities' ranks hold at this response rate and which do not
 * ("Ranks by betweenness are unstable at this response rate; ranks by in-degree … are stable"),
 * with how it was tested on focus or hover.
 */
export function StabilityNote({ engagementId, module, network = 'work', only }: { engagementId: number | null; module: Exclude<TModule, 'survey'>; network?: string; only?: readonly TStabilityCentrality[] }) {
  const { t, i18n } = useTranslation('confidence');
  const confidence = useConfidence(engagementId, module, i18n.language);
  const stability = networkStability(confidence.data, network);
  const { stable, unstable } = stabilitySummary(stability, only);
  if (!stability || !confidence.data || stable.length + unstable.length === 0) return null;
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const names = (ids: TStabilityCentrality[]) => list.format(ids.map((id) => t(`centralities.${id}`)));
  const sentence =
    unstable.length === 0
      ? t('stability.allStable', { stable: names(stable) })
      : stable.length === 0
        ? t('stability.allUnstable', { unstable: names(unstable) })
        : t('stability.mixed', { stable: names(stable), unstable: names(unstable) });
  const how = t('stability.how', {
    network: stability.label,
    dropped: stability.dropped,
    repeats: stability.repeats,
    threshold: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(confidence.data.thresholds.stable_min_correlation),
  });
  return (
    <Tooltip label={how} multiline w={360} withArrow openDelay={100} events={{ hover: true, focus: true, touch: true }}>
      <Text size="sm" c="dimmed" tabIndex={0} data-testid="stability-note" data-unstable={unstable.join(' ')} style={{ cursor: 'help' }} aria-description={how}>
        {sentence}
      </Text>
    </Tooltip>
  );
}
