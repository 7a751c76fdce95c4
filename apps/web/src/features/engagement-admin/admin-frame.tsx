import { Alert } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { TEngagement } from '@ona/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState } from '../../shared/ui/error-state.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useEngagement } from '../engagements/use-engagement.ts';

type TAdminFrameProps = {
  title: string;
  actions?: ReactNode;
  /** Where the back link leads, relative to engagements/{id}/admin/; the menu by default. */
  back?: { page: string; label: string };
  children: (engagement: TEngagement) => ReactNode;
};

/** Every admin page: loads the engagement, refuses non-admins, shows the header with the way back. */
export function AdminFrame({ title, actions, back, children }: TAdminFrameProps) {
  const { t } = useTranslation(['admin', 'common']);
  const path = useRoutePath();
  const { engagementId, data: engagement, error, isError, refetch } = useEngagement();
  useDocumentTitle(t('common:documentTitle', { page: title }));

  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;
  if (isError && isApiError(error) && error.status === 404) return <NotFoundContent homePath="engagements/list.html" />;
  const backLink = back
    ? { to: path(`engagements/${engagementId}/admin/${back.page}`), label: back.label }
    : { to: path(`engagements/${engagementId}/admin.html`), label: t('backToAdmin') };
  const header = <PageHeader title={title} subtitle={engagement?.name} back={backLink} actions={engagement?.is_admin ? actions : undefined} />;
  if (isError) {
    return (
      <>
        {header}
        <ErrorState error={error} onRetry={() => void refetch()} />
      </>
    );
  }
  if (!engagement) return <CenteredLoader label={t('menu.loading')} />;
  if (!engagement.is_admin) {
    return (
      <>
        {header}
        <Alert color="yellow" variant="light" role="alert">
          {t('menu.notAdmin')}
        </Alert>
      </>
    );
  }
  return (
    <>
      {header}
      {children(engagement)}
    </>
  );
}

/** A table or list that failed to load or is loading, in the admin's words. */
export function QueryState({ error, isError, onRetry, loadingLabel }: { error: unknown; isError: boolean; onRetry: () => void; loadingLabel: string }) {
  if (isError) return <ErrorState error={error} onRetry={onRetry} />;
  return <CenteredLoader label={loadingLabel} />;
}
