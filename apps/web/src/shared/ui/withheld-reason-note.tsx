import { Alert, Text } from '@mantine/core';
import type { TWithheldReason } from '@ona/contracts';
import { useTranslation } from 'react-i18next';

/**
 * Why a figure is hidden, in the reader's language: below the privacy minimum, or giving a few
 * respondents away by difference with a larger group the page shows (docs/privacy/difference-protection.md).
 * `inline` gives the bare sentence, for a table cell's tooltip or a card.
 */
export function WithheldReasonNote({ reason, inline = false, testId = 'withheld-reason' }: { reason: TWithheldReason; inline?: boolean; testId?: string }) {
  const { t } = useTranslation('privacy');
  if (reason === null) return null;
  const sentence = t(`reasons.${reason.code}`, { min: reason.minimum });
  if (inline) {
    return (
      <Text fz="xs" c="dimmed" data-testid={testId} data-reason={reason.code}>
        {sentence}
      </Text>
    );
  }
  return (
    <Alert color="gray" variant="light" title={t('title')} data-testid={testId} data-reason={reason.code}>
      <Text fz="sm">{sentence}</Text>
    </Alert>
  );
}

/** The sentence alone, for places that take a string (tooltips). */
export function useWithheldReasonText(): (reason: TWithheldReason) => string | null {
  const { t } = useTranslation('privacy');
  return (reason) => (reason === null ? null : t(`reasons.${reason.code}`, { min: reason.minimum }));
}
