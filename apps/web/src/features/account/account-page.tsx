import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PasskeysPanel } from './passkeys-panel.tsx';
import { PasswordPanel } from './password-panel.tsx';
import { SecondFactorPanel } from './second-factor-panel.tsx';
import { SessionsPanel } from './sessions-panel.tsx';

/** `account.html`: the signed-in user's own sign-in security: sessions, two-step sign-in (authenticator app, passkeys), password. */
export function AccountPage() {
  const { t } = useTranslation(['account', 'common']);
  useDocumentTitle(t('common:documentTitle', { page: t('title') }));
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Stack gap="lg" maw={1040}>
        <SessionsPanel />
        <SecondFactorPanel />
        <PasskeysPanel />
        <PasswordPanel />
      </Stack>
    </>
  );
}
