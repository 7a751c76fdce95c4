import { Alert, Anchor, Badge, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { TSsoCallbackResponse, TSsoTestReport } from '@ona/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { AFTER_SIGN_IN } from '../../shared/routing/return-target.ts';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { AuthLayout } from '../auth/auth-layout.tsx';
import { profileQueryKey } from '../auth/session-api.ts';
import { finishSsoRound, takeBrowserBinding } from './sso-api.ts';

/**
 * The round is single-use on the server, so it is finished once per page load even where React
 * runs effects twice (development's strict mode): the promise is kept per callback address.
 */
const rounds = new Map<string, Promise<TSsoCallbackResponse>>();
function finishOnce(query: string): Promise<TSsoCallbackResponse> | null {
  const known = rounds.get(query);
  if (known) return known;
  // A sign-in started at the identity provider's portal (SAML, when the organisation allows it)
  // has no round of this tab; the server knows such rounds and asks no binding of them. Nor does
  // it for a SAML refusal that named no round: the page only shows the server's message for it.
  const params = new URLSearchParams(query);
  const binding = takeBrowserBinding() ?? (params.has('idp_initiated') || params.has('saml_error') ? 'none' : null);
  if (!binding) return null;
  const round = finishSsoRound(query, binding);
  rounds.set(query, round);
  return round;
}

/** Where the identity provider sends the browser back (the redirect URI of docs/single-sign-on.md). */
export function SsoCallbackPage({ loginPath }: { loginPath: string }) {
  const { t } = useTranslation(['sso', 'auth', 'common']);
  const path = useRoutePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const signIn = useAuthStore((state) => state.signIn);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<TSsoTestReport | null>(null);
  useDocumentTitle(t('common:documentTitle', { page: t('callback.title') }));

  // The handlers change with every render; the round is finished once, with the latest of them.
  const finish = useRef({ errorMessage, navigate, path, queryClient, signIn, t });
  finish.current = { errorMessage, navigate, path, queryClient, signIn, t };

  useEffect(() => {
    const round = finishOnce(window.location.search);
    if (!round) {
      setProblem(finish.current.t('callback.missingBinding'));
      return;
    }
    let current = true;
    round.then(
      (answer) => {
        if (!current) return;
        if (answer.outcome === 'test') {
          setReport(answer.report);
          return;
        }
        const handlers = finish.current;
        handlers.queryClient.clear();
        handlers.queryClient.setQueryData(profileQueryKey, answer.user);
        handlers.signIn(answer.token, answer.user);
        void handlers.navigate(handlers.path(answer.return_path), { replace: true, state: AFTER_SIGN_IN });
      },
      (error: unknown) => current && setProblem(finish.current.errorMessage(error)),
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <AuthLayout wide={report !== null}>
      <Stack gap="md" data-testid="sso-callback">
        <Title order={1} fz={26}>
          {report ? t('callback.testTitle') : t('callback.title')}
        </Title>
        {!problem && !report && (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{t('callback.working')}</Text>
          </Group>
        )}
        {problem && (
          <>
            <Alert color="red" variant="light" role="alert" title={t('callback.failed')} data-testid="sso-callback-error">
              {problem}
            </Alert>
            <Anchor component={Link} to={path(loginPath)}>
              {t('callback.backToLogin')}
            </Anchor>
          </>
        )}
        {report && <TestReport report={report} settingsPath={path('organization/settings.html')} />}
      </Stack>
    </AuthLayout>
  );
}

function TestReport({ report, settingsPath }: { report: TSsoTestReport; settingsPath: string }) {
  const { t } = useTranslation('sso');
  const claims = report.claims ?? {};
  return (
    <Stack gap="sm" data-testid="sso-test-report">
      {report.ok ? (
        <Alert color="green" variant="light" data-testid="sso-test-ok">
          {t('callback.testOk')}
        </Alert>
      ) : (
        <Alert color="red" variant="light" role="alert" title={t('callback.testFailed')} data-testid="sso-test-failed">
          <Text fz="sm">{report.detail}</Text>
          <Code>{report.code}</Code>
        </Alert>
      )}
      {report.ok && (
        <Stack gap={4}>
          <Text fz="sm">
            {t('callback.email')}: <strong>{report.email}</strong>
          </Text>
          <Group gap={6}>
            <Text fz="sm">{t('callback.permissions')}:</Text>
            {report.permissions.length === 0 ? <Text fz="sm">{t('callback.noPermissions')}</Text> : report.permissions.map((p) => <Badge key={p} variant="light">{p}</Badge>)}
          </Group>
        </Stack>
      )}
      {Object.keys(claims).length > 0 && (
        <Table striped withTableBorder fz="sm" data-testid="sso-test-claims" captionSide="top">
          <Table.Caption>{t('callback.claims')}</Table.Caption>
          <Table.Tbody>
            {Object.entries(claims).map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Th scope="row">{name}</Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }}>{typeof value === 'string' ? value : JSON.stringify(value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Anchor component={Link} to={settingsPath}>
        {t('callback.backToSettings')}
      </Anchor>
    </Stack>
  );
}
