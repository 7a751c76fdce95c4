import { Alert, Box, Button, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { TRetentionAnalytics } from '@ona/contracts';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/api-error.ts';
import { useDownload } from '../../shared/api/use-download.ts';
import { formatDate } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState } from '../../shared/ui/error-state.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useEngagementId } from '../engagements/use-engagement.ts';
import { isAnalysisNotReady, retentionExportPath, useRetentionAnalytics } from './retention-api.ts';
import { retentionLookups, type TRetentionLookups } from './retention-lookups.ts';
import { RETENTION_SECTIONS, retentionPath, SECTION_PATHS, type TRetentionSection } from './retention-sections.ts';
import { RouteTabPanel } from '../../shared/ui/route-tab-panel.tsx';
import { ConfidenceBar } from '../confidence/confidence-bar.tsx';

export type TRetentionPageContext = {
  data: TRetentionAnalytics;
  engagementId: number;
  lookups: TRetentionLookups;
};

export const SECTION_LABEL_KEYS = {
  home: 'menu.home',
  risks: 'menu.risks',
  employees: 'menu.employees',
  groups: 'menu.groups',
  'org-chart': 'menu.orgChart',
  compare: 'menu.compare',
} as const;

type TRetentionLayoutProps = {
  section: TRetentionSection;
  /** The page's own name for the browser tab, when it is more than its section's. */
  pageTitle?: string;
  children: (context: TRetentionPageContext) => ReactNode;
};

/**
 * The frame of every retention page: title, analysed-at date, export, the module menu (spec §2:
 * home, risks, employees, groups, org chart, and back to the journey in the header), and the
 * loading, error and not-yet-analysed states, so each page only draws its own content.
 */
export function RetentionLayout({ section, pageTitle, children }: TRetentionLayoutProps) {
  const { t } = useTranslation(['retention', 'common']);
  const engagementId = useEngagementId();
  const { data, error, isError, refetch } = useRetentionAnalytics(engagementId);
  const download = useDownload();
  const lookups = useMemo(() => (data ? retentionLookups(data) : null), [data]);
  useDocumentTitle(t('common:documentTitle', { page: `${pageTitle ?? t(SECTION_LABEL_KEYS[section])} · ${t('title')}` }));

  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;
  if (isError && isApiError(error) && error.status === 404) return <NotFoundContent homePath="engagements/list.html" />;

  const notReady = isError && isAnalysisNotReady(error);
  const exportButton = (
    <Button
      variant="default"
      leftSection={<Icon name="download" size={18} />}
      loading={download.isPending}
      disabled={!data}
      onClick={() => download.mutate({ path: retentionExportPath(engagementId), fallbackName: 'retention-analytics.xlsx' })}
      data-testid="retention-export"
    >
      {t('export')}
    </Button>
  );

  return (
    <RetentionFrame
      section={section}
      engagementId={engagementId}
      subtitle={data?.analysed_at ? <span data-testid="retention-analysed-at">{t('analysedAt', { date: formatDate(data.analysed_at, activeLocale()) })}</span> : undefined}
      actions={exportButton}
    >
      {notReady && (
        <Alert color="blue" variant="light" title={t('notReady.title')} data-testid="retention-not-ready">
          <Text fz="sm">{t('notReady.message')}</Text>
        </Alert>
      )}
      {isError && !notReady && <ErrorState error={error} onRetry={() => void refetch()} />}
      {!isError && !data && <CenteredLoader label={t('loading')} />}
      {data && lookups && <Box data-testid="retention-content">{children({ data, engagementId, lookups })}</Box>}
    </RetentionFrame>
  );
}

type TRetentionFrameProps = {
  section: TRetentionSection;
  engagementId: number;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
};

/**
 * The header and the module menu around a retention page's content (its tab panel). Pages that
 * read their own data (the wave comparison) use it without the retention analytics answer.
 */
export function RetentionFrame({ section, engagementId, subtitle, actions, children }: TRetentionFrameProps) {
  const { t } = useTranslation(['retention', 'common']);
  const path = useRoutePath();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('title')} subtitle={subtitle} back={{ to: path(`engagements/${engagementId}.html`), label: t('common:nav.backToJourney') }} actions={actions} />
      <ConfidenceBar engagementId={engagementId} module="retention_analytics" />
      <Tabs
        id="retention-menu"
        value={section}
        onChange={(next) => {
          const target = RETENTION_SECTIONS.find((candidate) => candidate === next);
          if (target && target !== section) void navigate(path(retentionPath(engagementId, SECTION_PATHS[target])));
        }}
        mb="lg"
        keepMounted={false}
      >
        <Tabs.List aria-label={t('menu.label')}>
          {RETENTION_SECTIONS.map((key) => (
            <Tabs.Tab key={key} value={key} data-testid={`retention-menu-${key}`}>
              {t(SECTION_LABEL_KEYS[key])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <RouteTabPanel tabsId="retention-menu" value={section}>
        {children}
      </RouteTabPanel>
    </>
  );
}
