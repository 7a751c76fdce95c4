import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What a withheld figure shows instead of numbers (the privacy minimum, contracts ZWithheldFlag). */
export function WithheldNotice() {
  const { t } = useTranslation('retention');
  return (
    <Alert color="gray" variant="light" title={t('withheld')} data-testid="retention-withheld">
      <Text fz="sm">{t('withheldHint')}</Text>
    </Alert>
  );
}
