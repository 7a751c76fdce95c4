import type { TEngagement } from '@ona/contracts';
import { Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
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
        <Group key={fact.key} gap="sm" wrap="nowrap" data-fact={fact.key}>
          {!compact && (
            <ThemeIcon variant="light" size={36} radius="md" visibleFrom="xs">
              <Icon name={fact.icon} size={18} />
            </ThemeIcon>
          )}
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
              {fact.label}
            </Text>
            <Text component="dd" m={0} fw={600} fz={compact ? 'sm' : 'md'}>
              {fact.value}
            </Text>
          </Stack>
        </Group>
      ))}
    </SimpleGrid>
  );
}
