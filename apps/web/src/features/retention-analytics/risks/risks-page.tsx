import type { JSX } from 'react';
import { Paper, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRoutePath } from '../../../shared/routing/route-set-context.tsx';
import { RetentionLayout, type TRetentionPageContext } from '../retention-layout.tsx';
import { RISK_PAGES, retentionPath, type TRiskPage } from '../retention-sections.ts';
import { CorrespondingCausesTable } from './corresponding-causes-table.tsx';
import { KeyPeopleTable } from './key-people-table.tsx';
import { LeadersSupportTable } from './leaders-support-table.tsx';
import { MostTypicalCausesTable } from './most-typical-causes-table.tsx';
import { RouteTabPanel } from '../../../shared/ui/route-tab-panel.tsx';

const TABLES: Record<TRiskPage, (context: TRetentionPageContext) => JSX.Element> = {
  'most-typical-causes': MostTypicalCausesTable,
  'key-people-in-danger': KeyPeopleTable,
  'leaders-in-need-of-support': LeadersSupportTable,
  'corresponding-causes': CorrespondingCausesTable,
};

function Risks({ page, context }: { page: TRiskPage; context: TRetentionPageContext }) {
  const { t } = useTranslation('retention');
  const path = useRoutePath();
  const navigate = useNavigate();
  const Table = TABLES[page];
  return (
    <>
      <Tabs id="risks-menu"
        variant="pills"
        value={page}
        onChange={(next) => {
          const target = RISK_PAGES.find((candidate) => candidate === next);
          if (target && target !== page) void navigate(path(retentionPath(context.engagementId, `risks/${target}.html`)));
        }}
        mb="md"
      >
        <Tabs.List>
          {RISK_PAGES.map((key) => (
            <Tabs.Tab key={key} value={key} data-testid={`risks-tab-${key}`}>
              {t(`risks.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <RouteTabPanel tabsId="risks-menu" value={page}>
      <Paper withBorder radius="lg" p="md">
        <Text fz="sm" c="dimmed" mb="md">
          {t(`risks.intro.${page}`)}
        </Text>
        <Table {...context} />
      </Paper>
      </RouteTabPanel>
    </>
  );
}

export function RisksPage({ page }: { page: TRiskPage }) {
  const { t } = useTranslation('retention');
  return (
    <RetentionLayout section="risks" pageTitle={t(`risks.tabs.${page}`)}>
      {(context) => <Risks page={page} context={context} />}
    </RetentionLayout>
  );
}
