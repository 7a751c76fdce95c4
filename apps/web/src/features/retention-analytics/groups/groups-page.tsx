import { Paper, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import { useRoutePath } from '../../../shared/routing/route-set-context.tsx';
import { distinctPeopleAffected, groupTableRows } from '../group-table.ts';
import { RetentionLayout, type TRetentionPageContext } from '../retention-layout.tsx';
import { GROUP_PAGE_SETS, GROUP_PAGES, retentionPath, type TGroupPage } from '../retention-sections.ts';
import { EmptyList } from '../risks/empty-list.tsx';
import { GroupTable } from './group-table.tsx';
import { RouteTabPanel } from '../../../shared/ui/route-tab-panel.tsx';

function Groups({ page, context }: { page: TGroupPage; context: TRetentionPageContext }) {
  const { t } = useTranslation('retention');
  const path = useRoutePath();
  const navigate = useNavigate();
  const rows = groupTableRows(context.data.results, GROUP_PAGE_SETS[page], activeLocale());
  return (
    <>
      <Tabs id="groups-menu"
        variant="pills"
        value={page}
        onChange={(next) => {
          const target = GROUP_PAGES.find((candidate) => candidate === next);
          if (target && target !== page) void navigate(path(retentionPath(context.engagementId, `groups-analytics/${target}.html`)));
        }}
        mb="md"
      >
        <Tabs.List>
          {GROUP_PAGES.map((key) => (
            <Tabs.Tab key={key} value={key} data-testid={`groups-tab-${key}`}>
              {t(`groups.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <RouteTabPanel tabsId="groups-menu" value={page}>
      <Paper withBorder radius="lg" p="md">
        <Text fz="sm" c="dimmed" mb="xs">
          {t('groups.intro')}
        </Text>
        {rows.length === 0 ? (
          <EmptyList message={t('groups.empty')} />
        ) : (
          <>
            <Text fz="sm" fw={600} mb="md" data-testid="groups-total">
              {t('groups.totalAffected', { count: distinctPeopleAffected(rows), groups: rows.length })}
            </Text>
            <GroupTable rows={rows} context={context} />
          </>
        )}
      </Paper>
      </RouteTabPanel>
    </>
  );
}

export function GroupsPage({ page }: { page: TGroupPage }) {
  const { t } = useTranslation('retention');
  return (
    <RetentionLayout section="groups" pageTitle={t(`groups.tabs.${page}`)}>
      {(context) => <Groups page={page} context={context} />}
    </RetentionLayout>
  );
}
