import { Alert, Text } from '@mantine/core';
import type { TWithheldReason } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { useWithheldReasonText } from '../../shared/ui/withheld-reason-note.tsx';

/** What a withheld figure shows instead of numbers: why, when the answer says (contracts ZWithheldReason). */
export function WithheldNotice({ reason = null }: { reason?: TWithheldReason }) {
  const { t } = useTranslation('retention');
  const reasonText = useWithheldReasonText();
  return (
    <Alert color="gray" variant="light" title={t('withheld')} data-testid="retention-withheld" data-reason={reason?.code}>
      <Text fz="sm">{reasonText(reason) ?? t('withheldHint')}</Text>
    </Alert>
  );
}
