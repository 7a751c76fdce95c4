import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icon.tsx';
import { Analytics360Layout } from './analytics-360-layout.tsx';
import { selfView, type TDimension360 } from './dimensions-360.ts';
import { ShareBar } from './share-bar.tsx';

/**
 * One dimension page: per item (numbered in the survey's order, with its wording in the reader's
 * language), the leader's own selection beside the team's result.
 */
export function Analytics360DimensionPage({ dimension }: { dimension: TDimension360 }) {
  const { t } = useTranslation('analytics360');
  return (
    <Analytics360Layout page={dimension}>
      {(report) => {
        const items = report.result[dimension];
        return (
          <Stack gap="md">
            <Text c="dimmed" fz="sm">
              {t('reading')}
            </Text>
            {items.length === 0 && (
              <Paper withBorder radius="lg" p="xl">
                <Text c="dimmed" ta="center" data-testid="a360-items-empty">
                  {t('item.empty')}
                </Text>
              </Paper>
            )}
            {items.map((item, index) => (
              <Paper
                key={item.item_id}
                withBorder
                radius="lg"
                p="md"
                data-testid="a360-item"
                data-item-id={item.item_id}
                data-own={String(item.own_selection)}
              >
                <Stack gap="sm">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Stack gap={0} style={{ flex: 1, minWidth: 220 }}>
                      <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
                        {t('item.label', { number: index + 1 })}
                      </Text>
                      {item.text !== null && (
                        <Text fw={700} data-testid="a360-item-text">
                          {item.text}
                        </Text>
                      )}
                    </Stack>
                    <Group gap={6} wrap="nowrap" data-testid="a360-item-own">
                      <ThemeIcon size={20} radius="xl" variant="light" color={item.own_selection ? 'teal' : 'gray'} aria-hidden>
                        {item.own_selection ? <Icon name="check" size={12} /> : '–'}
                      </ThemeIcon>
                      <Text fz="sm">
                        <Text span fw={600} inherit>
                          {t('item.own')}:
                        </Text>{' '}
                        {item.own_selection ? t('item.chosen') : t('item.notChosen')}
                      </Text>
                    </Group>
                  </Group>
                  <div>
                    <Text fz="sm" c="dimmed" mb={4}>
                      {t('item.team')}
                    </Text>
                    <ShareBar share={item.survey_result} label={t('item.team')} testId="a360-item-team" />
                  </div>
                  <Text fz="sm" data-testid="a360-item-view">
                    {t(`view.${selfView(item)}`)}
                  </Text>
                </Stack>
              </Paper>
            ))}
          </Stack>
        );
      }}
    </Analytics360Layout>
  );
}
