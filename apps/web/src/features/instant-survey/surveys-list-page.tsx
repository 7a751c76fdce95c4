import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icon.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';

/** Protected placeholder; the survey list itself arrives with the instant-survey issue. */
export function SurveysListPage() {
  const { t } = useTranslation(['instantSurvey', 'common']);
  useDocumentTitle(t('common:documentTitle', { page: t('surveys.title') }));
  return (
    <>
      <PageHeader title={t('surveys.title')} />
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="sm" ta="center" py="lg">
          <ThemeIcon size={56} radius="xl" variant="light">
            <Icon name="sparkles" size={28} />
          </ThemeIcon>
          <Text fw={600}>{t('surveys.placeholder')}</Text>
        </Stack>
      </Paper>
    </>
  );
}
