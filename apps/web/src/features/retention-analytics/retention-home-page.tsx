import { Alert, Anchor, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { RetentionLayout, type TRetentionPageContext } from './retention-layout.tsx';
import { RISK_LEVELS } from './retention-filters.ts';
import { retentionPath, SECTION_PATHS } from './retention-sections.ts';
import { RiskLevelBadge } from './risk-level-badge.tsx';
import { RISK_LEVEL_COLORS, riskSummaryOf } from './risk-summary.ts';
import { WithheldNotice } from './withheld-notice.tsx';
import { formatShare } from './share-format.ts';

/** How many of the most typical causes the landing page lists. */
const TOP_CAUSES = 5;

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text fz={26} fw={700} data-testid={testId} data-value={value}>
        {formatNumber(value, activeLocale())}
      </Text>
    </Paper>
  );
}

function Home({ data, engagementId }: TRetentionPageContext) {
  const { t } = useTranslation('retention');
  const path = useRoutePath();
  const locale = activeLocale();
  const summary = riskSummaryOf(data);
  const causes = data.results.most_typical_causes;
  const sections = ['risks', 'employees', 'groups', 'orgChart'] as const;
  const sectionPath = { risks: SECTION_PATHS.risks, employees: SECTION_PATHS.employees, groups: SECTION_PATHS.groups, orgChart: SECTION_PATHS['org-chart'] };

  return (
    <Stack gap="xl">
      {data.individual_risk_withheld && (
        <Alert color="blue" variant="light" title={t('aggregateOnly.title')} data-testid="aggregate-risk-only">
          {t('aggregateOnly.body')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Figure label={t('home.employees')} value={summary.total} testId="retention-total" />
        <Figure label={t('home.withRiskFactor')} value={summary.withRiskFactor} testId="retention-with-risk-factor" />
        <Figure label={t('home.atHighRisk')} value={summary.atHighRisk} testId="retention-at-high-risk" />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="lg" p="md">
          <Title order={2} fz="md" mb="md">
            {t('home.levelsTitle')}
          </Title>
          <Stack gap="md" data-testid="retention-levels">
            {RISK_LEVELS.map((level) => {
              const count = summary.perLevel[level];
              return (
                <Stack key={level} gap={4} data-testid={`level-row-${level}`}>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Group gap="xs" wrap="nowrap">
                      <RiskLevelBadge level={level} explanations={data.explanations} />
                      <Text fw={600} fz="sm">
                        {t(`riskLevel.names.${level}`)}
                      </Text>
                    </Group>
                    <Text fw={700} fz="sm" data-testid={`level-count-${level}`} data-value={count}>
                      {formatNumber(count, locale)}
                    </Text>
                  </Group>
                  <Progress value={summary.total === 0 ? 0 : (count / summary.total) * 100} color={RISK_LEVEL_COLORS[level]} size="sm" aria-hidden="true" />
                  <Text fz="xs" c="dimmed">
                    {data.explanations.risk_levels[String(level) as '0']}
                  </Text>
                </Stack>
              );
            })}
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p="md">
          <Group justify="space-between" mb="md">
            <Title order={2} fz="md">
              {t('home.topCauses')}
            </Title>
            <Anchor component={Link} to={path(retentionPath(engagementId, 'risks/most-typical-causes.html'))} fz="sm" data-print="hide">
              {t('home.open')}
            </Anchor>
          </Group>
          {causes.withheld || causes.items === null ? (
            <WithheldNotice reason={causes.withheld_reason} />
          ) : causes.items.length === 0 ? (
            <Text c="dimmed" fz="sm">
              {t('home.noCauses')}
            </Text>
          ) : (
            <Stack gap="md" data-testid="retention-top-causes">
              {causes.items.slice(0, TOP_CAUSES).map((cause) => (
                <Stack key={cause.factor} gap={2} data-testid="top-cause">
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Text fw={600} fz="sm">
                      {t(`codes.riskFactors.${cause.factor}`)}
                    </Text>
                    <Text fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                      {t('home.people', { count: cause.count })} · {formatShare(cause.share, locale)}
                    </Text>
                  </Group>
                  <Text fz="xs" c="dimmed">
                    {cause.explanation}
                  </Text>
                </Stack>
              ))}
            </Stack>
          )}
        </Paper>
      </SimpleGrid>

      {/* Links to the other pages: nothing to read on paper. */}
      <div data-print="hide">
        <Title order={2} fz="md" mb="md">
          {t('home.sectionsTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {sections.map((section) => (
            <Paper
              key={section}
              withBorder
              radius="lg"
              p="md"
              component={Link}
              to={path(retentionPath(engagementId, sectionPath[section]))}
              data-testid={`retention-section-${section}`}
              style={{ textDecoration: 'none', color: 'inherit' }}
            >
              <Text fw={700} mb={4}>
                {t(`menu.${section}`)}
              </Text>
              <Text fz="sm" c="dimmed">
                {t(`home.sections.${section}`)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </div>
    </Stack>
  );
}

export function RetentionHomePage() {
  return <RetentionLayout section="home">{(context) => <Home {...context} />}</RetentionLayout>;
}
