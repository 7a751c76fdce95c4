import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icon.tsx';
import { MAIN_CONTENT_ID } from '../../shared/ui/skip-link.tsx';

export function ThankYouPage() {
  const { t } = useTranslation(['instantSurvey', 'common']);
  useDocumentTitle(t('common:documentTitle', { page: t('takeSurvey.thankYouTitle') }));
  return (
    <Container component="main" id={MAIN_CONTENT_ID} size="sm" py="xl" px="md">
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" color="teal" variant="light">
            <Icon name="check" size={32} />
          </ThemeIcon>
          <Title order={1} fz={26} data-testid="thank-you">
            {t('takeSurvey.thankYouTitle')}
          </Title>
          <Text c="dimmed">{t('takeSurvey.thankYouText')}</Text>
        </Stack>
      </Paper>
    </Container>
  );
}
