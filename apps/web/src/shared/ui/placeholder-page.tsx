import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from './icon.tsx';
import { PageHeader } from './page-header.tsx';

type TPlaceholderPageProps = {
  title: string;
  message: string;
  back: { to: string; label: string };
};

/** Stands in for a screen that a later release fills, so every link of the menus already lands. */
export function PlaceholderPage({ title, message, back }: TPlaceholderPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('documentTitle', { page: title }));
  return (
    <>
      <PageHeader title={title} back={back} />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" gap="md" py="lg" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <Icon name="sparkles" size={28} />
          </ThemeIcon>
          <Text fw={600} fz="lg">
            {message}
          </Text>
          <Button component={Link} to={back.to} variant="light" leftSection={<Icon name="arrowLeft" size={16} />}>
            {back.label}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
