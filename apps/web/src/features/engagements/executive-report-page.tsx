import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useDownload } from '../../shared/api/use-download.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useEngagement } from './use-engagement.ts';

/** The spec's executive report is a title and an export (a PDF). */
export function ExecutiveReportPage() {
  const { t } = useTranslation(['engagements', 'common']);
  const path = useRoutePath();
  const { engagementId, data: engagement } = useEngagement();
  const download = useDownload();
  const title = t('modules.executive_reports.title');
  useDocumentTitle(t('common:documentTitle', { page: title }));
  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;
  return (
    <>
      <PageHeader
        title={title}
        subtitle={engagement?.name}
        back={{ to: path(`engagements/${engagementId}.html`), label: t('common:nav.backToJourney') }}
      />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={640}>
        <Stack align="flex-start" gap="md">
          <ThemeIcon size={48} radius="md" variant="light">
            <Icon name="executive" size={26} />
          </ThemeIcon>
          <Text>{t('executive.description')}</Text>
          <Button
            leftSection={<Icon name="download" size={18} />}
            loading={download.isPending}
            onClick={() =>
              download.mutate({ path: `/engagements/${engagementId}/executive-report/export/`, fallbackName: 'executive-report.pdf' })
            }
          >
            {t('executive.export')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
