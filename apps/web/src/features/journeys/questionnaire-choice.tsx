import { NativeSelect, Radio, Stack, Text } from '@mantine/core';
import { QUESTIONNAIRE_SOURCES, type TEngagement } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import type { TQuestionnaireChoice } from './journey-form.ts';

type TQuestionnaireChoiceProps = {
  value: TQuestionnaireChoice;
  onChange: (choice: TQuestionnaireChoice) => void;
  /** The organisation's journeys to copy from, archived ones included. */
  journeys: readonly TEngagement[];
  /** Whether `journeys` is complete; until then "none to copy from" would be a guess. */
  loaded: boolean;
  error: string | null;
};

const LABELS = {
  default: ['form.questionnaireDefault', 'form.questionnaireDefaultHint'],
  copy: ['form.questionnaireCopy', 'form.questionnaireCopyHint'],
  empty: ['form.questionnaireEmpty', 'form.questionnaireEmptyHint'],
} as const;

/** Where the new journey's questions come from: the default set, an earlier journey, or none (an import). */
export function QuestionnaireChoice({ value, onChange, journeys, loaded, error }: TQuestionnaireChoiceProps) {
  const { t } = useTranslation('journeys');
  const noneToCopy = loaded && journeys.length === 0;
  const choose = (source: string) => {
    if (source === 'copy') onChange({ source: 'copy', engagementId: value.source === 'copy' ? value.engagementId : null });
    else if (source === 'default' || source === 'empty') onChange({ source });
  };
  return (
    <Stack gap="sm">
      <Radio.Group label={t('form.questionnaire')} value={value.source} onChange={choose} error={value.source === 'copy' ? null : error} data-testid="journey-questionnaire">
        <Stack gap="sm" mt="xs">
          {QUESTIONNAIRE_SOURCES.map((source) => (
            <Radio
              key={source}
              value={source}
              label={t(LABELS[source][0])}
              description={t(LABELS[source][1])}
              disabled={source === 'copy' && noneToCopy}
              data-testid={`journey-questionnaire-${source}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      {noneToCopy && (
        <Text fz="xs" c="dimmed">
          {t('form.noEarlierJourneys')}
        </Text>
      )}
      {value.source === 'copy' && (
        <NativeSelect
          label={t('form.sourceJourney')}
          required
          value={value.engagementId === null ? '' : String(value.engagementId)}
          error={error}
          data={[
            { value: '', label: t('form.sourceJourneyPlaceholder'), disabled: true },
            ...journeys.map((journey) => ({
              value: String(journey.id),
              label: journey.archived ? t('form.archivedOption', { name: journey.name }) : journey.name,
            })),
          ]}
          onChange={(event) => {
            const id = Number(event.currentTarget.value);
            onChange({ source: 'copy', engagementId: Number.isInteger(id) && id > 0 ? id : null });
          }}
          data-testid="journey-source"
        />
      )}
    </Stack>
  );
}
