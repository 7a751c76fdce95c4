import { Alert, Box, Group, Image, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { TLeaderReport } from '@ona/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { AnalyticsLoadProblem } from '../../shared/ui/analytics-load-problem.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { useEngagementId } from '../engagements/use-engagement.ts';
import { codeRefusal } from './authorization-code.ts';
import { AuthorizationCodeForm } from './authorization-code-form.tsx';
import { leaderCodes } from './authorization-code-memory.ts';
import { leaderReportQuery, useLeaderReportRow, useOrganizationId } from './leader-report-api.ts';
import { LeaderReportBackLinks } from './leader-report-nav.tsx';
import { enabledFactors, leaderReportPagePath, parseReportId, type TLeaderReportPage } from './leader-report-pages.ts';
import { useLeaderReportProblemTexts } from './use-problem-texts.ts';
import { RouteTabPanel } from '../../shared/ui/route-tab-panel.tsx';
import { ConfidenceBar } from '../confidence/confidence-bar.tsx';
import { useWithheldReasonText } from '../../shared/ui/withheld-reason-note.tsx';

type TLeaderReportLayoutProps = {
  page: TLeaderReportPage;
  children: (report: TLeaderReport) => ReactNode;
};

/** Every page of one leader report: the code gate, the header, the menu between pages and the load states. */
export function LeaderReportLayout({ page, children }: TLeaderReportLayoutProps) {
  const engagementId = useEngagementId();
  const reportId = parseReportId(useParams().leaderReportId);
  const userId = useAuthStore((state) => state.user?.id ?? null);
  if (engagementId === null || reportId === null || userId === null) return <NotFoundContent homePath="engagements/list.html" />;
  // Keyed: another report (or user) starts with its own code state, never the previous one's.
  return (
    <ReportFrame key={`${userId}:${engagementId}:${reportId}`} userId={userId} engagementId={engagementId} reportId={reportId} page={page}>
      {children}
    </ReportFrame>
  );
}

type TReportFrameProps = TLeaderReportLayoutProps & { userId: number; engagementId: number; reportId: number };

function ReportFrame({ userId, engagementId, reportId, page, children }: TReportFrameProps) {
  const { t } = useTranslation(['leaderReport', 'common']);
  const reasonText = useWithheldReasonText();
  const path = useRoutePath();
  const navigate = useNavigate();
  const organizationId = useOrganizationId();
  const message = useErrorMessage();
  const problemTexts = useLeaderReportProblemTexts();
  const [code, setCode] = useState<string | null>(() => leaderCodes.recall(userId, engagementId, reportId));
  const [codeError, setCodeError] = useState<string | null>(null);
  const report = useQuery({ ...leaderReportQuery(organizationId, engagementId, reportId, code ?? ''), enabled: code !== null });
  // Only for the leader's name above the code form: the one row of the list.
  const listed = useLeaderReportRow(code === null ? engagementId : null, reportId).data;
  const leaderName = report.data?.user_name ?? listed?.leader.name;
  useDocumentTitle(t('common:documentTitle', { page: `${leaderName ? `${leaderName} · ` : ''}${t(`pages.${page}`)} · ${t('title')}` }));

  // A remembered code the server no longer takes (a new analysis issued new codes): ask again.
  const refused = report.isError && codeRefusal(report.error) !== 'other';
  useEffect(() => {
    if (!refused) return;
    leaderCodes.forget(userId, engagementId, reportId);
    setCodeError(message(report.error));
    setCode(null);
  }, [refused, report.error, message, userId, engagementId, reportId]);

  const header = (
    <Stack gap={6} mb="lg">
      <LeaderReportBackLinks engagementId={engagementId} />
      <Group justify="space-between" align="flex-end" wrap="nowrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text c="dimmed" fz="sm" fw={600} tt="uppercase" lts={0.3}>
            {t('title')}
          </Text>
          <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2} style={{ overflowWrap: 'anywhere' }} data-testid="leader-report-name">
            {leaderName ?? t('title')}
          </Title>
          {report.data && (
            <Text c="dimmed" fz="sm" data-testid="leader-report-team">
              {[report.data.unit?.name, t('team', { teamSize: report.data.team_size, respondents: report.data.respondent_count })].filter(Boolean).join(' · ')}
            </Text>
          )}
        </Stack>
        {report.data?.organization_logo && <Image src={report.data.organization_logo} alt="" h={48} w="auto" fit="contain" visibleFrom="xs" />}
      </Group>
    </Stack>
  );

  if (code === null) {
    return (
      <>
        {header}
        <AuthorizationCodeForm
          engagementId={engagementId}
          reportId={reportId}
          initialError={codeError}
          onAccepted={(accepted) => {
            leaderCodes.remember(userId, engagementId, reportId, accepted);
            setCodeError(null);
            setCode(accepted);
          }}
        />
      </>
    );
  }
  if (report.isError && !refused) {
    return (
      <>
        {header}
        <AnalyticsLoadProblem error={report.error} texts={problemTexts} onRetry={() => void report.refetch()} />
      </>
    );
  }
  if (!report.data) return <CenteredLoader label={t('loading')} />;

  const pages: TLeaderReportPage[] = ['index', ...enabledFactors(report.data.settings)];
  if (!pages.includes(page)) return <NotFoundContent homePath={leaderReportPagePath(engagementId, reportId, 'index')} />;
  return (
    <>
      {header}
      <ConfidenceBar engagementId={engagementId} module="leader_reports" />
      <Tabs id="leader-report-menu"
        value={page}
        onChange={(next) => {
          if (next && next !== page) void navigate(path(leaderReportPagePath(engagementId, reportId, next as TLeaderReportPage)));
        }}
        mb="lg"
        keepMounted={false}
      >
        <Tabs.List aria-label={t('nav.menu')}>
          {pages.map((key) => (
            <Tabs.Tab key={key} value={key} data-testid={`leader-tab-${key}`}>
              {t(`pages.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <RouteTabPanel tabsId="leader-report-menu" value={page}>
      {report.data.withheld && (
        <Alert color="gray" variant="light" mb="lg" data-testid="leader-report-withheld" data-reason={report.data.withheld_reason?.code}>
          {reasonText(report.data.withheld_reason) ?? t('withheld')}
        </Alert>
      )}
      <Box>{children(report.data)}</Box>
      </RouteTabPanel>
    </>
  );
}
