import type { TEngagement } from '@ona/contracts';
import { Box, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { Icon, type TIconName } from '../../shared/ui/icon.tsx';

type TFact = { key: string; icon: TIconName; label: string; value: string };

/** Start, end, participants, answers: the four facts the spec wants on every journey. */
export function EngagementFacts({ engagement, compact = false }: { engagement: TEngagement; compact?: boolean }) {
  // useTranslation re-renders on a language switch, so the dates follow it too.
  const { t } = useTranslation('engagements');
  const locale = activeLocale();
  const facts: TFact[] = [
    { key: 'start', icon: 'calendar', label: t('facts.start'), value: formatDate(engagement.access_from, locale) },
    { key: 'end', icon: 'calendar', label: t('facts.end'), value: formatDate(engagement.access_till, locale) },
    { key: 'participants', icon: 'users', label: t('facts.participants'), value: formatNumber(engagement.participant_count, locale) },
    { key: 'answers', icon: 'answers', label: t('facts.answers'), value: formatNumber(engagement.answer_count, locale) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={compact ? 'sm' : 'md'} verticalSpacing={compact ? 'sm' : 'md'} component="dl" m={0}>
      {facts.map((fact) => (
        // A dl may hold only dt/dd pairs, each pair optionally in one div: the icon sits inside the
        // dt (hidden from screen readers), placed beside the pair by the wrapper's padding.
        <Box key={fact.key} data-fact={fact.key} pos="relative" pl={compact ? 0 : { base: 0, xs: 48 }} mih={compact ? undefined : 36} style={{ minWidth: 0, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
          <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
            {!compact && (
              <ThemeIcon variant="light" size={36} radius="md" visibleFrom="xs" aria-hidden="true" pos="absolute" left={0} top="50%" style={{ transform: 'translateY(-50%)' }}>
                <Icon name={fact.icon} size={18} />
              </ThemeIcon>
            )}
            {fact.label}
          </Text>
          <Text component="dd" m={0} fw={600} fz={compact ? 'sm' : 'md'}>
            {fact.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
