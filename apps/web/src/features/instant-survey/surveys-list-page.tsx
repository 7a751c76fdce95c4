import { Button, Group, Pagination, Paper, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState } from '../../shared/ui/error-state.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useCreatorStore } from './creator/creator-store.ts';
import { defaultDraft } from './creator/draft-rules.ts';
import { SURVEY_PAGE_SIZE, surveysQuery } from './instant-survey-api.ts';
import { StateBadge } from './state-badge.tsx';

export function SurveysListPage() {
  const { t } = useTranslation(['instantSurvey', 'common']);
  useDocumentTitle(t('common:documentTitle', { page: t('surveys.title') }));
  const path = useRoutePath();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const surveys = useQuery(surveysQuery(page));
  const newButton = (
    <Button
      component={Link}
      to={path('surveys/new/templates.html')}
      // A new survey starts from the default of §3, never from a survey edited earlier (its id
      // would make "Save" overwrite that survey).
      onClick={() => useCreatorStore.getState().load(defaultDraft())}
      leftSection={<Icon name="sparkles" size={18} />}
    >
      {t('surveys.new')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('surveys.title')} actions={newButton} />
      {surveys.isPending ? (
        <CenteredLoader label={t('loading')} />
      ) : surveys.isError ? (
        <ErrorState error={surveys.error} onRetry={() => void surveys.refetch()} />
      ) : surveys.data.total === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" gap="sm" ta="center" py="lg">
            <ThemeIcon size={56} radius="xl" variant="light">
              <Icon name="survey" size={28} />
            </ThemeIcon>
            <Text fw={600} data-testid="surveys-empty">
              {t('surveys.empty')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack>
          <Paper withBorder radius="lg">
            <Table.ScrollContainer minWidth={640}>
              <Table highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('surveys.title')}</Table.Th>
                    <Table.Th>{t('surveys.state')}</Table.Th>
                    <Table.Th>{t('surveys.code')}</Table.Th>
                    <Table.Th>{t('surveys.participants')}</Table.Th>
                    <Table.Th>{t('surveys.created')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {surveys.data.data.map((survey) => (
                    <Table.Tr key={survey.id} data-testid="survey-item" style={{ cursor: 'pointer' }} onClick={() => void navigate(path(`surveys/${survey.id}/answers.html`))}>
                      <Table.Td>
                        <Text component={Link} to={path(`surveys/${survey.id}/answers.html`)} fw={600} c="inherit">
                          {survey.title}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <StateBadge state={survey.state} />
                      </Table.Td>
                      <Table.Td ff="monospace">{survey.closed ? '—' : survey.code}</Table.Td>
                      <Table.Td>{survey.participant_count}</Table.Td>
                      <Table.Td>{formatDate(survey.created_at, activeLocale())}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          {surveys.data.total > SURVEY_PAGE_SIZE && (
            <Group justify="center">
              <Pagination value={page} onChange={setPage} total={Math.ceil(surveys.data.total / SURVEY_PAGE_SIZE)} />
            </Group>
          )}
        </Stack>
      )}
    </>
  );
}
