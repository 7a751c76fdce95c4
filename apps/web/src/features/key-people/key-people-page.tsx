import { Button, Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { AnalyticsLoadProblem } from '../../shared/ui/analytics-load-problem.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useEngagement } from '../engagements/use-engagement.ts';
import { AsValuesView } from './as-values-view.tsx';
import { useKeyPeopleAnalytics } from './key-people-api.ts';
import { KeyPeopleTableView } from './key-people-table-view.tsx';
import { useKeyPeopleErrorTexts } from './use-key-people-error-texts.ts';

const VIEWS = ['people', 'values'] as const;
type TView = (typeof VIEWS)[number];

/** `?view=values` opens the as-values analysis, so a reload or a shared link keeps the view. */
function viewOf(raw: string | null): TView {
  return raw === 'values' ? 'values' : 'people';
}

/** engagements/{id}/key-people-analytics/list.html: the key people table and the as-values analysis. */
export function KeyPeoplePage() {
  const { t, i18n } = useTranslation(['keyPeople', 'common', 'metrics']);
  const path = useRoutePath();
  const { engagementId, data: engagement } = useEngagement();
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get('view'));
  const analytics = useKeyPeopleAnalytics(engagementId, i18n.language);
  const errorTexts = useKeyPeopleErrorTexts();
  useDocumentTitle(t('common:documentTitle', { page: t('title') }));

  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;

  return (
    <>
      <PageHeader title={t('title')} subtitle={engagement?.name} back={{ to: path(`engagements/${engagementId}.html`), label: t('common:nav.backToJourney') }}
        actions={
          <Button component={Link} to={path(`engagements/${engagementId}/key-people-analytics/metrics.html`)} variant="light" data-testid="key-people-open-metrics">
            {t('metrics:openMetrics')}
          </Button>
        }
      />
      {analytics.isError && (
        <AnalyticsLoadProblem
          error={analytics.error}
          onRetry={() => void analytics.refetch()}
          texts={errorTexts}
        />
      )}
      {!analytics.isError && !analytics.data && <CenteredLoader label={t('loading')} />}
      {analytics.data && (
        <Tabs
          value={view}
          onChange={(next) => setParams(next === 'values' ? { view: 'values' } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="lg">
            {VIEWS.map((key) => (
              <Tabs.Tab key={key} value={key} data-testid={`key-people-view-${key}`}>
                {t(`views.${key}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="people">
            <KeyPeopleTableView analytics={analytics.data} />
          </Tabs.Panel>
          <Tabs.Panel value="values">
            <AsValuesView engagementId={engagementId} analytics={analytics.data} />
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}
