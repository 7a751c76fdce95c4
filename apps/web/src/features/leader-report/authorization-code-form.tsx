import { Alert, Button, Paper, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icon.tsx';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { AUTHORIZATION_CODE_LENGTH, codeProblem, codeRefusal, normalizeCode } from './authorization-code.ts';
import { leaderReportQuery, useOrganizationId } from './leader-report-api.ts';

type TAuthorizationCodeFormProps = {
  engagementId: number;
  reportId: number;
  onAccepted: (code: string) => void;
  /** Why the form shows again for a report already opened (its remembered code stopped working). */
  initialError?: string | null;
};

/**
 * Asks for the report's code and tries it on the server: the report's own call is the only check,
 * and its answer lands in the cache, so the accepted report opens without a second request.
 */
export function AuthorizationCodeForm({ engagementId, reportId, onAccepted, initialError = null }: TAuthorizationCodeFormProps) {
  const { t } = useTranslation('leaderReport');
  const queryClient = useQueryClient();
  const organizationId = useOrganizationId();
  const serverMessage = useErrorMessage();
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(initialError);
  const [checking, setChecking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = normalizeCode(typed);
    const problem = codeProblem(code);
    if (problem) {
      setFieldError(problem === 'empty' ? t('code.empty') : t('code.length', { length: AUTHORIZATION_CODE_LENGTH }));
      return;
    }
    setFieldError(null);
    setRefusal(null);
    setChecking(true);
    try {
      await queryClient.fetchQuery(leaderReportQuery(organizationId, engagementId, reportId, code));
      onAccepted(code);
    } catch (error) {
      // A wrong code: the server's own words, in the user's language. Too many: ours, which says how long to wait.
      setRefusal(codeRefusal(error) === 'rate_limited' ? t('code.rateLimited') : serverMessage(error));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={520}>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="leader-code-form">
        <Stack gap="md">
          <ThemeIcon size={44} radius="md" variant="light">
            <Icon name="lock" size={24} />
          </ThemeIcon>
          <Text fw={700} fz="lg">
            {t('code.title')}
          </Text>
          <Text fz="sm" c="dimmed">
            {t('code.intro')}
          </Text>
          {refusal && (
            <Alert color="red" variant="light" role="alert" data-testid="leader-code-error">
              {refusal}
            </Alert>
          )}
          <TextInput
            label={t('code.label')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={fieldError}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={AUTHORIZATION_CODE_LENGTH + 4}
            styles={{ input: { fontFamily: 'monospace', letterSpacing: 2, textTransform: 'uppercase' } }}
            data-testid="leader-code-input"
          />
          <Button type="submit" size="md" fullWidth loading={checking} data-testid="leader-code-submit">
            {t('code.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
