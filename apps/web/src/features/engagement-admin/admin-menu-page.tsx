import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDownload } from '../../shared/api/use-download.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { isApiError } from '../../shared/api/api-error.ts';
import { ErrorState } from '../../shared/ui/error-state.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useEngagement } from '../engagements/use-engagement.ts';
import { analysisRunsQuery } from './admin-api.ts';
import { ADMIN_DOWNLOADS, ADMIN_GROUPS, ADMIN_PAGES, inMenu, moduleIsOn } from './admin-pages.ts';
import classes from './admin-menu-page.module.css';

export function AdminMenuPage() {
  const { t } = useTranslation(['admin', 'common']);
  const path = useRoutePath();
  const { engagementId, data: engagement, error, isError, refetch } = useEngagement();
  const download = useDownload();
  const runs = useQuery({ ...analysisRunsQuery(engagementId ?? 0), enabled: engagementId !== null });
  const analysed = runs.data?.some((run) => run.status === 'done') ?? false;
  useDocumentTitle(t('common:documentTitle', { page: t('menu.title') }));

  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;
  const header = (
    <PageHeader
      title={t('menu.title')}
      subtitle={engagement?.name}
      back={{ to: path(`engagements/${engagementId}.html`), label: t('common:nav.backToJourney') }}
    />
  );
  // Another organisation's id answers 404 too (DECISIONS.md): both read as "no such page".
  if (isError && isApiError(error) && error.status === 404) return <NotFoundContent homePath="engagements/list.html" />;
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
      <Stack gap="xl">
        {ADMIN_GROUPS.map((group) => (
          <section key={group} aria-labelledby={`admin-group-${group}`}>
            <Title order={2} fz="lg" mb="md" id={`admin-group-${group}`}>
              {t(`groups.${group}`)}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              {ADMIN_PAGES.filter((page) => page.group === group && inMenu(page) && moduleIsOn(page, engagement.modules)).map((page) => (
                <Link key={page.key} to={path(`engagements/${engagementId}/admin/${page.path}`)} className={classes.link} data-testid={`admin-link-${page.key}`}>
                  <ThemeIcon size={38} radius="md" variant="light">
                    <Icon name={page.icon} size={20} />
                  </ThemeIcon>
                  <div>
                    <Text fw={600}>{t(`pages.${page.key}.title`)}</Text>
                    <Text fz="sm" c="dimmed">
                      {t(`pages.${page.key}.description`)}
                    </Text>
                  </div>
                </Link>
              ))}
            </SimpleGrid>
          </section>
        ))}
        <section aria-labelledby="admin-group-downloads">
          <Title order={2} fz="lg" mb="md" id="admin-group-downloads">
            {t('groups.downloads')}
          </Title>
          <Paper withBorder radius="lg" p="lg">
            <Group gap="sm">
              {ADMIN_DOWNLOADS.filter((item) => moduleIsOn(item, engagement.modules)).map((item) => (
                <Button
                  key={item.key}
                  variant="default"
                  leftSection={<Icon name="download" size={18} />}
                  loading={download.isPending && download.variables.fallbackName === item.fallbackName}
                  disabled={item.needsAnalysis && !analysed}
                  data-testid={`admin-download-${item.key}`}
                  onClick={() => download.mutate({ path: item.path(engagementId), fallbackName: item.fallbackName })}
                >
                  {t(`downloads.${item.key}`)}
                </Button>
              ))}
            </Group>
            {!analysed && runs.isSuccess && (
              <Text fz="sm" c="dimmed" mt="sm" data-testid="downloads-need-analysis">
                {t('downloads.needsAnalysis')}
              </Text>
            )}
          </Paper>
        </section>
      </Stack>
    </>
  );
}
