import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import type { TConfidenceBand, TModule } from '@ona/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type TIconName } from '../../shared/ui/icon.tsx';
import { useConfidence } from './confidence-api.ts';
import { wholePercent } from './stability-summary.ts';

const BAND_COLORS: Record<TConfidenceBand, string> = { high: 'teal', moderate: 'yellow', caution: 'orange' };
// The band is in the words and the glyph too, never in the colour alone.
const BAND_ICONS: Record<TConfidenceBand, TIconName> = { high: 'check', moderate: 'help', caution: 'help' };

/**
 * The response-rate band of the analysis behind a page's figures: "High confidence · 86 % answered",
 * with what it means on hover and on keyboard focus (the badge is a tab stop; screen readers read
 * the explanation as its description). Renders nothing before the figures arrive or for a run
 * analysed before confidence was computed.
 */
export function ConfidenceBadge({ engagementId, module, network }: { engagementId: number | null; module: Exclude<TModule, 'survey'>; network?: string | undefined }) {
  const { t, i18n } = useTranslation('confidence');
  const confidence = useConfidence(engagementId, module, i18n.language);
  const descriptionId = useId();
  const percent = (share: number) => new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(wholePercent(share) / 100);
  // The collaboration network is read from imported metadata, not answers: its confidence is how much of the journey the data covers.
  const coverage = network === 'collaboration' ? confidence.data?.collaboration : null;
  const response = confidence.data?.response;
  if (!confidence.data?.available || !response) return null;
  const band = coverage ? coverage.band : response.band;
  const rate = percent(coverage ? coverage.rate : response.rate);
  const explanation = coverage
    ? `${t('collaboration.explanation', { covered: coverage.covered, employees: coverage.employees, rate })} ${t(`collaboration.meaning.${coverage.band}`)}`
    : `${t('explanation', { answered: response.answered, asked: response.asked, rate })} ${t(`meaning.${response.band}`)}`;
  return (
    <>
      <Tooltip label={explanation} multiline w={320} withArrow openDelay={100} events={{ hover: true, focus: true, touch: true }}>
        <Badge
          color={BAND_COLORS[band]}
          variant="light"
          size="lg"
          tabIndex={0}
          aria-describedby={descriptionId}
          leftSection={<Icon name={BAND_ICONS[band]} size={14} />}
          data-testid="confidence-badge"
          data-band={band}
          data-network={coverage ? 'collaboration' : undefined}
          style={{ cursor: 'help', textTransform: 'none' }}
          styles={{ label: { whiteSpace: 'nowrap' } }}
        >
          {coverage ? t('collaboration.badge', { band: t(`band.${band}`), rate }) : t('badge', { band: t(`band.${band}`), rate })}
        </Badge>
      </Tooltip>
      <VisuallyHidden id={descriptionId}>{explanation}</VisuallyHidden>
    </>
  );
}
