import { Checkbox, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { CONTENT_LANGUAGES, MODULES, type TModule } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { MODULE_TILES } from '../engagements/engagement-modules.ts';
import { isContentLanguage, JOURNEY_NAME_MAX, type TJourneyField, type TJourneyFormValues, type TJourneyProblem, type TJourneyProblems } from './journey-form.ts';

/** The modules in the order of their tiles on the journey page, so the form reads like the page. */
const MODULE_ORDER: readonly TModule[] = MODULE_TILES.map((tile) => tile.module).filter((module) => MODULES.includes(module));

/** A problem of the client's own checks in the user's language. */
export function useProblemText(): (problem: TJourneyProblem | undefined) => string | null {
  const { t } = useTranslation('journeys');
  return (problem) => (problem ? t(`problems.${problem}`, { max: JOURNEY_NAME_MAX }) : null);
}

type TJourneyFieldsProps = {
  values: TJourneyFormValues;
  onChange: (patch: Partial<TJourneyFormValues>) => void;
  problems: TJourneyProblems;
  serverErrors: Partial<Record<TJourneyField, string>>;
  disabled?: boolean;
  /** Once anyone has answered, the start date stays (the server answers 409 access_from_locked). */
  startLocked?: boolean;
};

/** Name, dates, language and modules: the same fields for a new journey and its settings. */
export function JourneyFields({ values, onChange, problems, serverErrors, disabled = false, startLocked = false }: TJourneyFieldsProps) {
  const { t } = useTranslation(['journeys', 'engagements']);
  const problemText = useProblemText();
  // The client's own check first; the server's message when the client found nothing.
  const error = (field: TJourneyField) => problemText(problems[field]) ?? serverErrors[field] ?? null;

  return (
    <Stack gap="md">
      <TextInput
        label={t('form.name')}
        placeholder={t('form.namePlaceholder')}
        required
        value={values.name}
        error={error('name')}
        disabled={disabled}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
        data-testid="journey-name"
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          type="date"
          label={t('form.accessFrom')}
          required
          value={values.access_from}
          error={error('access_from')}
          disabled={disabled || startLocked}
          description={startLocked ? t('form.startLocked') : undefined}
          // Below the field, so both date inputs stay on one line.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          onChange={(event) => onChange({ access_from: event.currentTarget.value })}
          data-testid="journey-access-from"
        />
        <TextInput
          type="date"
          label={t('form.accessTill')}
          required
          min={values.access_from || undefined}
          value={values.access_till}
          error={error('access_till')}
          disabled={disabled}
          onChange={(event) => onChange({ access_till: event.currentTarget.value })}
          data-testid="journey-access-till"
        />
      </SimpleGrid>
      <NativeSelect
        label={t('form.language')}
        description={t('form.languageHint')}
        value={values.default_language}
        error={error('default_language')}
        disabled={disabled}
        data={CONTENT_LANGUAGES.map((language) => ({ value: language, label: t(`form.languages.${language}`) }))}
        onChange={(event) => {
          const language = event.currentTarget.value;
          if (isContentLanguage(language)) onChange({ default_language: language });
        }}
        data-testid="journey-language"
      />
      <Checkbox.Group
        label={t('form.modules')}
        description={t('form.modulesHint')}
        value={values.modules}
        error={error('modules')}
        onChange={(selected) => onChange({ modules: MODULE_ORDER.filter((module) => selected.includes(module)) })}
        data-testid="journey-modules"
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" mt="xs">
          {MODULE_ORDER.map((module) => (
            <Checkbox key={module} value={module} label={t(`engagements:modules.${module}.title`)} disabled={disabled} data-testid={`journey-module-${module}`} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </Stack>
  );
}
