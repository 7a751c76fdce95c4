import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INVALID_RESPONSE_CODE, NETWORK_ERROR_CODE, isApiError } from '../api/api-error.ts';

/** What a failed load tells the user: the server's own message when it sent one. */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (isApiError(error)) {
      if (error.code === NETWORK_ERROR_CODE) return t('errors.network');
      // The client's own schema check failed: its English detail is for the developer console.
      if (error.code === INVALID_RESPONSE_CODE) return t('errors.invalidResponse');
      if (error.status === 404) return t('errors.notFound');
      if (error.status >= 500) return t('errors.server');
      return error.detail;
    }
    return t('errors.unexpected');
  };
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const message = useErrorMessage();
  return (
    <Alert color="red" variant="light" title={t('errors.title')} role="alert">
      <Text fz="sm">{message(error)}</Text>
      {onRetry && (
        <Group mt="sm">
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        </Group>
      )}
    </Alert>
  );
}
