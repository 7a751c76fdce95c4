import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function EmptyList({ message }: { message?: string }) {
  const { t } = useTranslation('retention');
  return (
    <Text c="dimmed" ta="center" py="xl" data-testid="retention-empty">
      {message ?? t('risks.empty')}
    </Text>
  );
}
