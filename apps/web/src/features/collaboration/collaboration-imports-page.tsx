import { Alert, Button, Group, List, Loader, NumberInput, Paper, Radio, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { COLLABORATION_LEFT_OUT_REASONS, COLLABORATION_SOURCES, ZCollaborationSettings, type TCollaborationImport, type TCollaborationSettings, type TCollaborationSource } from '@ona/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useDownload } from '../../shared/api/use-download.ts';
import { formatDate, formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState, useErrorMessage } from '../../shared/ui/error-state.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { SettingsForm } from '../../shared/ui/settings-form.tsx';
import { UploadField } from '../engagement-admin/upload/upload-field.tsx';
import { RequireOrganizationAdmin } from '../organization-admin/require-organization-admin.tsx';
import {
  collaborationDemoFilesQueryKey,
  collaborationImportsQueryKey,
  collaborationSettingsQueryKey,
  fetchCollaborationDemoFiles,
  fetchCollaborationImports,
  fetchCollaborationSettings,
  importCollaborationFile,
  updateCollaborationSettings,
} from './collaboration-api.ts';

/** What the file chooser offers for each source (any file can still be chosen). */
const ACCEPT: Record<TCollaborationSource, string> = {
  slack: '.zip,application/zip',
  message_trace: '.csv,text/csv',
  gmail: '.json,.jsonl,.ndjson,.csv,application/json,text/csv',
  calendar: '.ics,text/calendar',
};

const number = (value: number) => formatNumber(value, activeLocale());
const weeks = (item: Pick<TCollaborationImport, 'first_week' | 'last_week'>) =>
  item.first_week && item.last_week ? `${formatDate(item.first_week, activeLocale())} – ${formatDate(item.last_week, activeLocale())}` : '–';

/** What is kept and what is not (docs/collaboration-network.md, "Pseudonymised at the door"). */
function WhatIsKept({ retentionDays }: { retentionDays: number | undefined }) {
  const { t } = useTranslation('collaboration');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="collaboration-privacy">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('privacy.title')}
        </Title>
        <List fz="sm" spacing={4}>
          <List.Item>{t('privacy.metadata')}</List.Item>
          <List.Item>{t('privacy.pseudonymised')}</List.Item>
          <List.Item>{t('privacy.weekly')}</List.Item>
          <List.Item>{t('privacy.expiry', { days: retentionDays ?? 90 })}</List.Item>
        </List>
      </Stack>
    </Paper>
  );
}

/** Demo mode only: the demo organisation's generated exports, to download and import. */
function DemoFiles() {
  const { t } = useTranslation('collaboration');
  const files = useQuery({ queryKey: collaborationDemoFilesQueryKey, queryFn: fetchCollaborationDemoFiles, retry: false });
  const download = useDownload();
  if (!files.data) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="collaboration-demo-files">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('demo.title')}
        </Title>
        <Text fz="sm">{t('demo.help', { from: formatDate(files.data.first_week, activeLocale()), till: formatDate(files.data.last_week, activeLocale()) })}</Text>
        <Group gap="sm">
          {files.data.files.map((file) => (
            <Button
              key={file.file}
              variant="light"
              leftSection={<Icon name="download" size={16} />}
              loading={download.isPending && download.variables.path.endsWith(`/${file.file}`)}
              onClick={() => download.mutate({ path: `/organization/collaboration-imports/demo-files/${file.file}`, fallbackName: file.filename })}
              data-testid={`collaboration-demo-${file.file}`}
            >
              {t(`demo.${file.file}`)}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The server's reason in the user's language, with its field messages (the API's error codes). */
function useImportError(): (error: unknown) => string[] {
  const generic = useErrorMessage();
  return (error) => {
    if (isApiError(error) && error.status !== 404 && (error.status < 500 || error.status === 503)) return [error.detail, ...Object.values(error.errors ?? {}).flat()];
    return [generic(error)];
  };
}

function ImportResult({ result }: { result: TCollaborationImport }) {
  const { t } = useTranslation('collaboration');
  const figures: [string, number][] = [
    [t('counts.events_read'), result.counts.events_read],
    [t('counts.events_counted'), result.counts.events_counted],
    [t('counts.interactions'), result.counts.interactions],
    [t('counts.weekly_pairs'), result.counts.weekly_pairs],
    [t('counts.people_matched'), result.counts.people_matched],
    [t('counts.people_unmatched'), result.counts.people_unmatched],
  ];
  const leftOut = COLLABORATION_LEFT_OUT_REASONS.filter((reason) => (result.counts.left_out[reason] ?? 0) > 0);
  return (
    <Stack gap="sm" data-testid="collaboration-result">
      <Alert color="teal" variant="light" title={t('result.title', { source: t(`sources.${result.source}`) })} role="status">
        <Text fz="sm">{t('result.weeks', { weeks: weeks(result) })}</Text>
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" component="dl" m={0}>
        {figures.map(([label, value]) => (
          <Paper key={label} withBorder radius="sm" p="xs">
            <Text component="dt" fz="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fz="lg" fw={600}>
              {number(value)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Title order={3} fz="md">
        {t('result.leftOutTitle')}
      </Title>
      {leftOut.length === 0 ? (
        <Text fz="sm">{t('result.nothingLeftOut')}</Text>
      ) : (
        <Table data-testid="collaboration-left-out" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('result.reason')}</Table.Th>
              <Table.Th ta="right">{t('result.count')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {leftOut.map((reason) => (
              <Table.Tr key={reason} data-reason={reason}>
                <Table.Td>{t(`leftOut.${reason}`)}</Table.Td>
                <Table.Td ta="right">{number(result.counts.left_out[reason] ?? 0)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function ImportForm() {
  const { t } = useTranslation('collaboration');
  const queryClient = useQueryClient();
  const importError = useImportError();
  const [source, setSource] = useState<TCollaborationSource>('slack');
  const [file, setFile] = useState<File | null>(null);
  const run = useMutation({
    mutationFn: ({ source: chosen, file: chosenFile }: { source: TCollaborationSource; file: File }) => importCollaborationFile(chosen, chosenFile),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: collaborationImportsQueryKey }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file && !run.isPending) run.mutate({ source, file });
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="collaboration-import">
      <form onSubmit={submit} aria-busy={run.isPending} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('import.title')}
          </Title>
          <Radio.Group label={t('import.source')} value={source} onChange={(value) => setSource(value as TCollaborationSource)} data-testid="collaboration-source">
            <Stack gap="xs" mt="xs">
              {COLLABORATION_SOURCES.map((option) => (
                <Radio key={option} value={option} label={t(`sources.${option}`)} description={t(`sourceHelp.${option}`)} disabled={run.isPending} data-testid={`collaboration-source-${option}`} />
              ))}
            </Stack>
          </Radio.Group>
          <UploadField label={t('import.file')} file={file} onChange={setFile} accept={ACCEPT[source]} disabled={run.isPending} testId="collaboration-file" />
          <Group justify="space-between" wrap="wrap" gap="sm">
            <div role="status" aria-live="polite">
              {run.isPending && (
                <Group gap="xs" wrap="nowrap">
                  <Loader size="sm" aria-hidden="true" />
                  <Text fz="sm" data-testid="collaboration-busy">
                    {t('import.busy')}
                  </Text>
                </Group>
              )}
            </div>
            <Button type="submit" leftSection={<Icon name="upload" size={16} />} loading={run.isPending} disabled={!file} data-testid="collaboration-submit">
              {t('import.submit')}
            </Button>
          </Group>
          {run.isError && (
            <Alert color="red" variant="light" title={t('import.failed')} role="alert" data-testid="collaboration-error">
              <Stack gap={4}>
                {importError(run.error).map((line) => (
                  <Text key={line} fz="sm">
                    {line}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
          {run.isSuccess && <ImportResult result={run.data} />}
        </Stack>
      </form>
    </Paper>
  );
}

function History() {
  const { t } = useTranslation('collaboration');
  const imports = useQuery({ queryKey: collaborationImportsQueryKey, queryFn: fetchCollaborationImports });
  const columns = [
    t('history.when'),
    t('history.source'),
    t('history.weeks'),
    t('counts.events_read'),
    t('counts.events_counted'),
    t('counts.weekly_pairs'),
    t('counts.people_matched'),
    t('counts.people_unmatched'),
  ];
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="collaboration-history">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('history.title')}
        </Title>
        {imports.isPending && <CenteredLoader label={t('history.title')} />}
        {imports.isError && <ErrorState error={imports.error} onRetry={() => void imports.refetch()} />}
        {imports.data && imports.data.length === 0 && <Text fz="sm">{t('history.empty')}</Text>}
        {imports.data && imports.data.length > 0 && (
          // Focusable, so that a keyboard can scroll the table sideways on a phone (WCAG 2.1.1).
          <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('history.title') }}>
            <Table striped fz="sm">
              <Table.Thead>
                <Table.Tr>
                  {columns.map((label) => (
                    <Table.Th key={label}>{label}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
            {imports.data.map((item) => (
              <Table.Tr key={item.id} data-testid="collaboration-history-row">
                <Table.Td>{formatDate(item.created_at, activeLocale())}</Table.Td>
                <Table.Td>{t(`sources.${item.source}`)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{weeks(item)}</Table.Td>
                <Table.Td>{number(item.counts.events_read)}</Table.Td>
                <Table.Td>{number(item.counts.events_counted)}</Table.Td>
                <Table.Td>{number(item.counts.weekly_pairs)}</Table.Td>
                <Table.Td>{number(item.counts.people_matched)}</Table.Td>
                <Table.Td>{number(item.counts.people_unmatched)}</Table.Td>
              </Table.Tr>
            ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
    </Paper>
  );
}

function CollaborationSettingsForm({ settings }: { settings: TCollaborationSettings }) {
  const { t } = useTranslation('collaboration');
  const [retention, setRetention] = useState(String(settings.retention_days));
  const [maxMail, setMaxMail] = useState<number | string>(settings.max_mail_recipients);
  const [maxMeeting, setMaxMeeting] = useState<number | string>(settings.max_meeting_size);
  const draft = ZCollaborationSettings.safeParse({ retention_days: Number(retention), max_mail_recipients: Number(maxMail), max_meeting_size: Number(maxMeeting) });
  const texts = { saved: t('settings.saved'), outOfBounds: t('settings.outOfBounds'), save: t('settings.save') };
  return (
    <SettingsForm draft={draft} save={updateCollaborationSettings} queryKey={collaborationSettingsQueryKey} texts={texts} saveTestId="collaboration-settings-save">
      <Radio.Group label={t('settings.retention')} description={t('settings.retentionHelp')} value={retention} onChange={setRetention}>
        <Group gap="lg" mt="xs">
          {['90', '180'].map((days) => (
            <Radio key={days} value={days} label={t('settings.days', { count: Number(days) })} data-testid={`collaboration-retention-${days}`} />
          ))}
        </Group>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput label={t('settings.maxMail')} description={t('settings.maxMailHelp')} min={1} max={500} allowDecimal={false} value={maxMail} onChange={setMaxMail} data-testid="collaboration-max-mail" />
        <NumberInput label={t('settings.maxMeeting')} description={t('settings.maxMeetingHelp')} min={2} max={500} allowDecimal={false} value={maxMeeting} onChange={setMaxMeeting} data-testid="collaboration-max-meeting" />
      </SimpleGrid>
    </SettingsForm>
  );
}

function CollaborationContent() {
  const { t } = useTranslation('collaboration');
  const settings = useQuery({ queryKey: collaborationSettingsQueryKey, queryFn: fetchCollaborationSettings });
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Stack gap="lg" maw={1040}>
        <WhatIsKept retentionDays={settings.data?.retention_days} />
        <DemoFiles />
        <ImportForm />
        <History />
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="collaboration-settings">
          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('settings.title')}
            </Title>
            {settings.isPending && <CenteredLoader label={t('settings.title')} />}
            {settings.isError && <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />}
            {settings.data && <CollaborationSettingsForm settings={settings.data} />}
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}

/** `organization/collaboration.html`: imports of mail, calendar and chat metadata (organization_admin). */
export function CollaborationImportsPage() {
  const { t } = useTranslation(['collaboration', 'common']);
  useDocumentTitle(t('common:documentTitle', { page: t('title') }));
  return (
    <RequireOrganizationAdmin>
      <CollaborationContent />
    </RequireOrganizationAdmin>
  );
}
