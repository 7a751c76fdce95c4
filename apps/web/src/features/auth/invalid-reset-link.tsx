import { Alert, Button, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A confirmation link without uid or token cannot work; say so instead of showing a dead form. */
export function InvalidResetLink({ requestResetPath }: { requestResetPath: string }) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="lg">
      <Title order={1} fz={26}>
        {t('confirm.title')}
      </Title>
      <Alert color="yellow" variant="light" role="alert">
        {t('confirm.invalidLink')}
      </Alert>
      <Button component={Link} to={requestResetPath} variant="light">
        {t('confirm.requestNewLink')}
      </Button>
    </Stack>
  );
}
