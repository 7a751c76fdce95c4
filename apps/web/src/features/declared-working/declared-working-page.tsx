import { Alert, Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { TDeclaredWorking, TDeclaredWorkingEdgeStatus, TDeclaredWorkingPerson } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DIFF_COLORS, DIFF_WIDTHS, LOST_DASH } from '../../graph/diff-appearance.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { AnalyticsLoadProblem } from '../../shared/ui/analytics-load-problem.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useEngagement } from '../engagements/use-engagement.ts';
import { COLLABORATION_IMPORT_PAGE, useDeclaredWorking } from './declared-working-api.ts';

/**
 * The graph diff's look (graph/diff-appearance.ts) read for the two networks: a tie in both is
 * drawn as a kept tie, one only in collaboration as an added tie, one only in the survey as a lost
 * (dashed) tie, so colour is never the only cue.
 */
const LOOK: Record<TDeclaredWorkingEdgeStatus, 'kept' | 'added' | 'lost'> = { both: 'kept', collaboration_only: 'added', survey_only: 'lost' };
const EDGE_STATUSES: readonly TDeclaredWorkingEdgeStatus[] = ['survey_only', 'collaboration_only', 'both'];

function EdgeSample({ status }: { status: TDeclaredWorkingEdgeStatus }) {
  const look = LOOK[status];
  return (
    <svg width={28} height={10} aria-hidden="true" style={{ flexShrink: 0 }}>
      <line x1={1} y1={5} x2={27} y2={5} stroke={DIFF_COLORS[look]} strokeWidth={Math.max(1, DIFF_WIDTHS[look] * 1.3)} strokeDasharray={look === 'lost' ? LOST_DASH.join(' ') : undefined} />
    </svg>
  );
}

/** The plain-language reading of a rank correlation (|ρ| ≥ 0.7 strong, ≥ 0.4 moderate, ≥ 0.1 weak, else none). */
export function correlationReading(rho: number | null): 'strong' | 'moderate' | 'weak' | 'none' | 'opposite' | 'unknown' {
  if (rho === null) return 'unknown';
  if (rho <= -0.1) return 'opposite';
  if (rho >= 0.7) return 'strong';
  if (rho >= 0.4) return 'moderate';
  if (rho >= 0.1) return 'weak';
  return 'none';
}

function Correlations({ data }: { data: TDeclaredWorking }) {
  const { t, i18n } = useTranslation('metrics');
  const decimal = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <Stack gap="sm" data-testid="declared-working-correlations">
      <Title order={2} fz="lg">
        {t('declaredWorking.correlations.title')}
      </Title>
      {data.correlations_withheld ? (
        <Alert color="gray" variant="light">
          {t('declaredWorking.correlations.withheld', { min: data.minimum })}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {data.correlations.map((c) => (
            <Paper key={c.centrality} withBorder p="sm" radius="md" data-testid={`declared-working-rho-${c.centrality}`}>
              <Text fz="sm" c="dimmed">
                {t(`declaredWorking.centralities.${c.centrality}`)}
              </Text>
              <Text fz="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                ρ = {c.rho === null ? '–' : decimal.format(c.rho)}
              </Text>
              <Text fz="sm">{t(`declaredWorking.readings.${correlationReading(c.rho)}`)}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <Text fz="sm" c="dimmed">
        {t('declaredWorking.correlations.explain')}
      </Text>
    </Stack>
  );
}

/** How deep each listed unit sits below the top of the caller's list (the rows form the unit tree). */
function unitDepths(units: TDeclaredWorking['units']): Map<number, number> {
  const parentOf = new Map(units.map((row) => [row.unit.id, row.parent] as const));
  const depths = new Map<number, number>();
  for (const row of units) {
    let depth = 0;
    for (let at = row.parent; at !== null && depth < units.length; at = parentOf.get(at) ?? null) depth++;
    depths.set(row.unit.id, depth);
  }
  return depths;
}

function UnitTable({ data }: { data: TDeclaredWorking }) {
  const { t } = useTranslation('metrics');
  const locale = activeLocale();
  const depths = unitDepths(data.units);
  const cell = (value: number | null) => (value === null ? <Text span c="dimmed" fz="sm">{t('declaredWorking.units.withheldCell')}</Text> : formatNumber(value, locale));
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {t('declaredWorking.units.title')}
      </Title>
      <Text fz="sm" c="dimmed">
        {t('declaredWorking.units.explain', { min: data.minimum })}
      </Text>
      {/* A phone scrolls the table sideways: the region takes the keyboard focus so it can be scrolled without a mouse (WCAG 2.1.1). */}
      <Table.ScrollContainer minWidth={720} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('declaredWorking.units.title') } }}>
        <Table withTableBorder striped data-testid="declared-working-units">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('declaredWorking.units.unit')}</Table.Th>
              <Table.Th scope="col">{t('declaredWorking.units.members')}</Table.Th>
              <Table.Th scope="col">{t('declaredWorking.units.respondents')}</Table.Th>
              <Table.Th scope="col">{t('declaredWorking.units.namedNotMet')}</Table.Th>
              <Table.Th scope="col">{t('declaredWorking.units.metNotNamed')}</Table.Th>
              <Table.Th scope="col">{t('declaredWorking.units.both')}</Table.Th>
              <Table.Th scope="col">{t('declaredWorking.units.centralInSurveyOnly')}</Table.Th>
              <Table.Th scope="col">{t('declaredWorking.units.centralInCollaborationOnly')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.units.map((row) => (
              <Table.Tr key={row.unit.id} data-testid={`declared-working-unit-${row.unit.id}`}>
                <Table.Th scope="row" fw={500} style={{ paddingInlineStart: `calc(var(--table-horizontal-spacing, 0.75rem) + ${(depths.get(row.unit.id) ?? 0) * 1.25}rem)` }}>
                  {row.unit.name}
                </Table.Th>
                <Table.Td>{formatNumber(row.members, locale)}</Table.Td>
                <Table.Td>{formatNumber(row.respondents, locale)}</Table.Td>
                <Table.Td>{cell(row.named_not_met)}</Table.Td>
                <Table.Td>{cell(row.met_not_named)}</Table.Td>
                <Table.Td>{cell(row.both)}</Table.Td>
                <Table.Td>{cell(row.central_in_survey_only)}</Table.Td>
                <Table.Td>{cell(row.central_in_collaboration_only)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data.units.length === 0 && <Text fz="sm">{t('declaredWorking.units.none')}</Text>}
    </Stack>
  );
}

function PeopleList({ title, people, testId }: { title: string; people: TDeclaredWorkingPerson[]; testId: string }) {
  const { t } = useTranslation('metrics');
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Title order={3} fz="md" mb="xs">
        {title}
      </Title>
      {people.length === 0 ? (
        <Text fz="sm">{t('declaredWorking.lists.nobody')}</Text>
      ) : (
        <List spacing={4} fz="sm">
          {people.map((p) => (
            <List.Item key={p.employee.id}>
              {p.employee.name}
              {p.unit ? ` (${p.unit.name})` : ''}: {t('declaredWorking.lists.degrees', { survey: p.survey_in_degree, collaboration: p.collaboration_degree })}
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}

function Lists({ data }: { data: TDeclaredWorking }) {
  const { t } = useTranslation('metrics');
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {t('declaredWorking.lists.title')}
      </Title>
      <Text fz="sm" c="dimmed">
        {t('declaredWorking.lists.rule')}
      </Text>
      {data.central_in_survey_only && data.central_in_collaboration_only ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PeopleList title={t('declaredWorking.lists.surveyOnly')} people={data.central_in_survey_only} testId="declared-working-survey-only" />
          <PeopleList title={t('declaredWorking.lists.collaborationOnly')} people={data.central_in_collaboration_only} testId="declared-working-collaboration-only" />
        </SimpleGrid>
      ) : (
        <Alert color="gray" variant="light" data-testid="declared-working-lists-counts">
          {t('declaredWorking.lists.countsOnly')}
        </Alert>
      )}
    </Stack>
  );
}

function PeopleTable({ people }: { people: TDeclaredWorkingPerson[] }) {
  const { t } = useTranslation('metrics');
  const locale = activeLocale();
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {t('declaredWorking.people.title')}
      </Title>
      <Table.ScrollContainer minWidth={420} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('declaredWorking.people.title') } }}>
        <Table withTableBorder striped data-testid="declared-working-people">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('declaredWorking.people.name')}</Table.Th>
              <Table.Th scope="col">{t('declaredWorking.people.unit')}</Table.Th>
              <Table.Th scope="col">{t('declaredWorking.people.surveyInDegree')}</Table.Th>
              <Table.Th scope="col">{t('declaredWorking.people.collaborationDegree')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {people.map((p) => (
              <Table.Tr key={p.employee.id}>
                <Table.Th scope="row" fw={500}>
                  {p.employee.name}
                </Table.Th>
                <Table.Td>{p.unit?.name ?? ''}</Table.Td>
                <Table.Td>{formatNumber(p.survey_in_degree, locale)}</Table.Td>
                <Table.Td>{formatNumber(p.collaboration_degree, locale)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** Both networks in one drawing, on the analysis's regular layout, in the graph diff's style. */
function NetworksDrawing({ graph }: { graph: NonNullable<TDeclaredWorking['graph']> }) {
  const { t } = useTranslation('metrics');
  const locale = activeLocale();
  const counts = Object.fromEntries(EDGE_STATUSES.map((s) => [s, graph.edges.filter((e) => e.status === s).length])) as Record<TDeclaredWorkingEdgeStatus, number>;
  const at = new Map(graph.nodes.map((n) => [n.id, n.position]));
  const xs = graph.nodes.map((n) => n.position.x);
  const ys = graph.nodes.map((n) => n.position.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs, 0), Math.max(...xs, 1), Math.min(...ys, 0), Math.max(...ys, 1)];
  const size = 600;
  const pad = 16;
  const scale = (size - 2 * pad) / Math.max(maxX - minX, maxY - minY, 1e-9);
  const px = (x: number) => pad + (x - minX) * scale;
  const py = (y: number) => pad + (y - minY) * scale;
  const summary = t('declaredWorking.graph.summary', { people: graph.nodes.length, surveyOnly: counts.survey_only, collaborationOnly: counts.collaboration_only, both: counts.both });
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {t('declaredWorking.graph.title')}
      </Title>
      <Group gap="md" wrap="wrap" data-testid="declared-working-legend">
        {EDGE_STATUSES.map((status) => (
          <Group key={status} gap={6} wrap="nowrap" data-count={counts[status]}>
            <EdgeSample status={status} />
            <Text fz="sm">
              {t(`declaredWorking.graph.${status}`)} ({formatNumber(counts[status], locale)})
            </Text>
          </Group>
        ))}
      </Group>
      <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
        <svg viewBox={`0 0 ${size} ${size}`} width="100%" style={{ display: 'block', maxHeight: '70vh' }} role="img" aria-label={summary} data-testid="declared-working-graph">
          {graph.edges.map((edge) => {
            const a = at.get(edge.source);
            const b = at.get(edge.target);
            if (!a || !b) return null;
            const look = LOOK[edge.status];
            return (
              <line key={`${edge.source}-${edge.target}`} x1={px(a.x)} y1={py(a.y)} x2={px(b.x)} y2={py(b.y)} stroke={DIFF_COLORS[look]} strokeWidth={DIFF_WIDTHS[look] * 1.3} strokeDasharray={look === 'lost' ? LOST_DASH.join(' ') : undefined} />
            );
          })}
          {graph.nodes.map((node) => (
            <circle key={node.id} cx={px(node.position.x)} cy={py(node.position.y)} r={4} fill={DIFF_COLORS.stayed}>
              <title>{node.name}</title>
            </circle>
          ))}
        </svg>
      </Paper>
      <Text fz="sm" c="dimmed">
        {summary}
      </Text>
    </Stack>
  );
}

function EmptyState() {
  const { t } = useTranslation('metrics');
  const path = useRoutePath();
  const isAdmin = useAuthStore((state) => state.user?.permissions.includes('organization_admin') ?? false);
  return (
    <Alert color="blue" variant="light" title={t('declaredWorking.empty.title')} data-testid="declared-working-empty">
      <Text fz="sm">{t('declaredWorking.empty.message')}</Text>
      {isAdmin && (
        <Anchor component={Link} to={path(COLLABORATION_IMPORT_PAGE)} fz="sm" data-testid="declared-working-import-link">
          {t('declaredWorking.empty.importLink')}
        </Anchor>
      )}
    </Alert>
  );
}

/**
 * engagements/{id}/key-people-analytics/declared-vs-working.html (issue 33): the survey's work
 * network against the collaboration network of the same journey (docs/collaboration-network.md).
 */
export function DeclaredWorkingPage() {
  const { t } = useTranslation(['metrics', 'common', 'keyPeople']);
  const path = useRoutePath();
  const { engagementId, data: engagement } = useEngagement();
  const answer = useDeclaredWorking(engagementId);
  useDocumentTitle(t('common:documentTitle', { page: t('declaredWorking.title') }));
  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;
  const data = answer.data;
  const locale = activeLocale();
  return (
    <>
      <PageHeader
        title={t('declaredWorking.title')}
        subtitle={engagement?.name ? `${engagement.name} · ${t('declaredWorking.subtitle')}` : t('declaredWorking.subtitle')}
        back={{ to: path(`engagements/${engagementId}/key-people-analytics/list.html`), label: t('keyPeople:title') }}
        actions={
          <Button component={Link} to={path(`engagements/${engagementId}/key-people-analytics/metrics.html`)} variant="light">
            {t('openMetrics')}
          </Button>
        }
      />
      {answer.isError && (
        <AnalyticsLoadProblem
          error={answer.error}
          onRetry={() => void answer.refetch()}
          texts={{ notReadyTitle: t('errors.notReadyTitle'), notReady: t('errors.notReadyMessage'), forbidden: t('errors.noAccessMessage') }}
        />
      )}
      {!answer.isError && !data && <CenteredLoader label={t('loading')} />}
      {data && data.collaboration === null && <EmptyState />}
      {data && data.collaboration !== null && (
        <Stack gap="xl" data-testid="declared-working">
          <Text fz="sm" data-testid="declared-working-coverage">
            {t('declaredWorking.coverage', {
              from: data.collaboration.from_week,
              to: data.collaboration.to_week,
              covered: formatNumber(data.collaboration.covered_employees, locale),
              employees: formatNumber(data.collaboration.employees, locale),
            })}
          </Text>
          <UnitTable data={data} />
          <Correlations data={data} />
          <Lists data={data} />
          {data.graph && <NetworksDrawing graph={data.graph} />}
          {data.people && <PeopleTable people={data.people} />}
        </Stack>
      )}
    </>
  );
}
