import { Group, Progress, Text } from '@mantine/core';
import { ACCEPT_LANGUAGE } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { formatShare } from './dimensions-360.ts';

/** A share of the direct reports (0..1) as a bar and a percentage; a withheld share says so. */
export function ShareBar({ share, label, testId }: { share: number | null; label: string; testId: string }) {
  const { t } = useTranslation('analytics360');
  return (
    <Group gap="sm" wrap="nowrap">
      <Progress value={share === null ? 0 : share * 100} color="brand" size="lg" radius="xl" style={{ flex: 1 }} aria-label={label} />
      <Text fw={700} fz="sm" miw={48} ta="right" data-testid={testId} data-withheld={share === null ? 'true' : undefined}>
        {share === null ? t('item.hidden') : formatShare(share, ACCEPT_LANGUAGE[activeLocale()])}
      </Text>
    </Group>
  );
}
