import { Alert, Anchor } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../shared/api/api-error.ts';
import { Icon } from '../../shared/ui/icon.tsx';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState } from '../../shared/ui/error-state.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useEngagementId } from '../engagements/engagement-id.ts';
import { useEmployeeSurvey, type TEmployeeSurvey } from './survey-api.ts';

type TSurveyFrameProps = {
  pageTitle: string;
  /** A "Back to journey" link above the page (intro and overview). */
  withBack?: boolean;
  children: (survey: TEmployeeSurvey, engagementId: number) => ReactNode;
};

/** Loads the caller's survey for every survey page and shows its header, loader and errors. */
export function SurveyFrame({ pageTitle, withBack = false, children }: TSurveyFrameProps) {
  const { t } = useTranslation(['survey', 'common']);
  const path = useRoutePath();
  const engagementId = useEngagementId();
  const { data, error, isError, refetch } = useEmployeeSurvey(engagementId);
  useDocumentTitle(t('common:documentTitle', { page: `${pageTitle} · ${t('title')}` }));

  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;
  if (isError && isApiError(error) && error.status === 404) return <NotFoundContent homePath="engagements/list.html" />;
  const header = <PageHeader title={t('title')} back={{ to: path(`engagements/${engagementId}.html`), label: t('common:nav.backToJourney') }} />;
  if (isError && isApiError(error) && (error.status === 403 || error.status === 409)) {
    // Not a participant, no access to the module, or a survey not created yet: the server says which.
    return (
      <>
        {header}
        <Alert color="yellow" variant="light" role="alert" data-testid="survey-unavailable">
          {error.status === 403 && error.code !== 'not_a_participant' ? t('unavailable.forbidden') : error.detail}
        </Alert>
      </>
    );
  }
  if (isError) {
    return (
      <>
        {header}
        <ErrorState error={error} onRetry={() => void refetch()} />
      </>
    );
  }
  if (!data) return <CenteredLoader label={t('loading')} />;
  return (
    <>
      {withBack && (
        <Anchor component={Link} to={path(`engagements/${engagementId}.html`)} fz="sm" c="dimmed" mb="md" display="inline-flex" style={{ gap: 4, alignItems: 'center' }}>
          <Icon name="arrowLeft" size={16} />
          {t('common:nav.backToJourney')}
        </Anchor>
      )}
      {children(data, engagementId)}
    </>
  );
}
