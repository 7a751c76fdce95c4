import { Alert, Anchor, Box, Group, ScrollArea, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { TReport360 } from '@ona/contracts';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { AnalyticsLoadProblem } from '../../shared/ui/analytics-load-problem.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { parseEngagementId } from '../engagements/engagement-id.ts';
import { useEngagementId } from '../engagements/use-engagement.ts';
import { useReport360 } from './analytics-360-api.ts';
import { analytics360ListPath, analytics360PagePath, DIMENSION_PAGES, type TAnalytics360Page } from './dimensions-360.ts';
import { useAnalytics360ProblemTexts } from './use-problem-texts.ts';
import { RouteTabPanel } from '../../shared/ui/route-tab-panel.tsx';
import { useWithheldReasonText } from '../../shared/ui/withheld-reason-note.tsx';

const MENU: readonly TAnalytics360Page[] = ['index', ...DIMENSION_PAGES.map((page) => page.dimension)];

type TAnalytics360LayoutProps = {
  page: TAnalytics360Page;
  children: (report: TReport360) => ReactNode;
};

/** Every page of one 360 report: header, links back, the menu between pages and the load states. */
export function Analytics360Layout({ page, children }: TAnalytics360LayoutProps) {
  const { t } = useTranslation(['analytics360', 'common']);
  const reasonText = useWithheldReasonText();
  const path = useRoutePath();
  const navigate = useNavigate();
  const engagementId = useEngagementId();
  // Report ids are the leader's employee id and follow the rule of engagement ids.
  const reportId = parseEngagementId(useParams().analytics360ReportId);
  const report = useReport360(engagementId, reportId);
  const problemTexts = useAnalytics360ProblemTexts();
  const leaderName = report.data?.employee.name;
  // Stable, so it runs when the tab appears, not on every render.
  const revealTab = useCallback((tab: HTMLButtonElement | null) => tab?.scrollIntoView({ block: 'nearest', inline: 'nearest' }), []);
  useDocumentTitle(t('common:documentTitle', { page: `${leaderName ? `${leaderName} · ` : ''}${t(`pages.${page}`)} · ${t('title')}` }));
  if (engagementId === null || reportId === null) return <NotFoundContent homePath="engagements/list.html" />;

  const back = (to: string, label: string, testId: string) => (
    <Anchor component={Link} to={path(to)} fz="sm" c="dimmed" data-testid={testId}>
      <Group gap={4} wrap="nowrap">
        <Icon name="arrowLeft" size={16} />
        {label}
      </Group>
    </Anchor>
  );
  const header = (
    <Stack gap={6} mb="lg">
      <Group gap="lg" mb="xs" wrap="wrap" data-print="hide">
        {back(analytics360ListPath(engagementId), t('nav.backToList'), 'a360-back-to-list')}
        {back(`engagements/${engagementId}.html`, t('common:nav.backToJourney'), 'a360-back-to-journey')}
      </Group>
      <Text c="dimmed" fz="sm" fw={600} tt="uppercase" lts={0.3}>
        {t('title')}
      </Text>
      <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2} style={{ overflowWrap: 'anywhere' }} data-testid="a360-leader-name">
        {leaderName ?? t('title')}
      </Title>
      {report.data && (
        <Text c="dimmed" fz="sm">
          {t(`levels.${report.data.hierarchy_level}`)}
        </Text>
      )}
    </Stack>
  );

  if (report.isError) {
    return (
      <>
        {header}
        <AnalyticsLoadProblem error={report.error} texts={problemTexts} onRetry={() => void report.refetch()} />
      </>
    );
  }
  if (!report.data) return <CenteredLoader label={t('loading')} />;
  return (
    <>
      {header}
      <Tabs id="a360-menu"
        value={page}
        onChange={(next) => {
          if (next && next !== page) void navigate(path(analytics360PagePath(engagementId, reportId, next as TAnalytics360Page)));
        }}
        mb="lg"
        keepMounted={false}
      >
        {/* Eight tabs: on a narrow screen they scroll sideways rather than wrap into a block. */}
        <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
          <Tabs.List aria-label={t('nav.menu')} style={{ flexWrap: 'nowrap' }}>
            {MENU.map((key) => (
              <Tabs.Tab
                key={key}
                value={key}
                data-testid={`a360-tab-${key}`}
                style={{ whiteSpace: 'nowrap' }}
                // On a narrow screen the current page's tab may sit past the edge: bring it into view.
                ref={key === page ? revealTab : undefined}
              >
                {t(`pages.${key}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
      </Tabs>
      <RouteTabPanel tabsId="a360-menu" value={page}>
      {report.data.withheld && (
        <Alert color="gray" variant="light" mb="lg" data-testid="a360-withheld" data-reason={report.data.withheld_reason?.code}>
          {reasonText(report.data.withheld_reason) ?? t('withheld')}
        </Alert>
      )}
      <Box>{children(report.data)}</Box>
      </RouteTabPanel>
    </>
  );
}
