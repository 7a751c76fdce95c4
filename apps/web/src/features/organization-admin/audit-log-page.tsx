import { Alert, Badge, Button, Code, Group, NativeSelect, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ACCEPT_LANGUAGE, AUDIT_ACTIONS, type TAuditAction, type TAuditEntry, type TAuditLogFilters, type TAuditLogNames, type TAuditVerifyResult } from '@ona/contracts';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownload } from '../../shared/api/use-download.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState, useErrorMessage } from '../../shared/ui/error-state.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ScrolledTable } from '../../shared/ui/scrolled-table.tsx';
import { auditLogQueryKey, auditQuery, fetchAuditLogPage, verifyAuditLog } from './audit-log-api.ts';
import { fetchOrganizationUsers, organizationUsersQueryKey } from './organization-admin-api.ts';
import { RequireOrganizationAdmin } from './require-organization-admin.tsx';

/** `individual_report.read` → the locale key `auditLog.actions.individual_report_read` (a dot would nest). */
type TActionKey<A extends string> = A extends `${infer Area}.${infer Verb}` ? `auditLog.actions.${Area}_${Verb}` : never;
const actionKey = (action: TAuditAction): TActionKey<TAuditAction> => `auditLog.actions.${action.replace('.', '_')}` as TActionKey<TAuditAction>;

function formatMoment(iso: string): string {
  return new Intl.DateTimeFormat(ACCEPT_LANGUAGE[activeLocale()], { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
}

interface FilterDraft {
  actor: string | null;
  action: string;
  subject: string;
  from: string;
  to: string;
}

function filtersOf(draft: FilterDraft): TAuditLogFilters {
  const filters: TAuditLogFilters = {};
  const actor = Number(draft.actor);
  const subject = draft.subject.trim();
  if (Number.isInteger(actor) && actor > 0) filters.actor = actor;
  // The server searches from two characters on; a single one would match nearly everyone.
  if (subject.length >= 2) filters.subject_search = subject;
  if ((AUDIT_ACTIONS as readonly string[]).includes(draft.action)) filters.action = draft.action as TAuditAction;
  if (draft.from) filters.from = draft.from;
  if (draft.to) filters.to = draft.to;
  return filters;
}

function Filters({ onApply }: { onApply: (filters: TAuditLogFilters) => void }) {
  const { t } = useTranslation('organizationAdmin');
  const [draft, setDraft] = useState<FilterDraft>({ actor: null, action: '', subject: '', from: '', to: '' });
  // The organisation's users by name: an administrator looks for a colleague, not for an id.
  const users = useQuery({ queryKey: organizationUsersQueryKey(''), queryFn: () => fetchOrganizationUsers('') });
  const set = (patch: Partial<FilterDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(filtersOf(draft));
  };
  return (
    <form onSubmit={submit} data-testid="audit-filters">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('auditLog.filters.user')}
          placeholder={t('auditLog.filters.anyUser')}
          data={(users.data ?? []).map((user) => ({ value: String(user.id), label: `${user.name} (${user.email})` }))}
          value={draft.actor}
          onChange={(value) => set({ actor: value })}
          searchable
          clearable
          nothingFoundMessage={t('auditLog.empty')}
          w={260}
          data-testid="audit-filter-user"
        />
        <NativeSelect
          label={t('auditLog.filters.action')}
          value={draft.action}
          onChange={(event) => set({ action: event.currentTarget.value })}
          data={[{ value: '', label: t('auditLog.filters.anyAction') }, ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(actionKey(action)) }))]}
          w={260}
          data-testid="audit-filter-action"
        />
        <TextInput label={t('auditLog.filters.subject')} placeholder={t('auditLog.filters.subjectHelp')} value={draft.subject} onChange={(event) => set({ subject: event.currentTarget.value })} w={260} data-testid="audit-filter-subject" />
        <TextInput type="date" label={t('auditLog.filters.from')} value={draft.from} onChange={(event) => set({ from: event.currentTarget.value })} w={170} data-testid="audit-filter-from" />
        <TextInput type="date" label={t('auditLog.filters.to')} value={draft.to} onChange={(event) => set({ to: event.currentTarget.value })} w={170} data-testid="audit-filter-to" />
        <Button type="submit" leftSection={<Icon name="filter" size={16} />} data-testid="audit-filter-apply">
          {t('auditLog.filters.apply')}
        </Button>
      </Group>
    </form>
  );
}

function VerifyResult({ result }: { result: TAuditVerifyResult }) {
  const { t } = useTranslation('organizationAdmin');
  if (result.whole) {
    return (
      <Alert color="teal" variant="light" data-testid="audit-verify-result" data-whole="true">
        {t('auditLog.verify.whole', { count: result.checked_entries })}
        {result.checkpoint_seq !== null && ` ${t('auditLog.verify.sinceCheckpoint', { seq: result.checkpoint_seq })}`}
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" role="alert" data-testid="audit-verify-result" data-whole="false">
      <Text fz="sm" fw={600}>
        {t('auditLog.verify.broken')}
      </Text>
      {result.problems.slice(0, 10).map((problem) => (
        <Text fz="sm" key={`${problem.seq}-${problem.kind}`}>
          #{problem.seq}: {t(`auditLog.verify.problems.${problem.kind}`)}
        </Text>
      ))}
    </Alert>
  );
}

/** A name with its id beside it (dimmed), or the id alone when the name is unknown (deleted since). */
function Named({ id, name }: { id: number | null; name: string | undefined }) {
  if (id === null) return <>–</>;
  if (name === undefined) return <>#{id}</>;
  return (
    <>
      {name}{' '}
      <Text span fz="xs" c="dimmed">
        #{id}
      </Text>
    </>
  );
}

function EntryRow({ entry, names }: { entry: TAuditEntry; names: TAuditLogNames }) {
  const { t } = useTranslation('organizationAdmin');
  // A data-subject request's person is the route's directory id; other entries' `id` is something else.
  const directoryPerson = entry.action === 'personal_data.export' || entry.action === 'person.erasure' ? names.directory_people[String(entry.target_ids.id)] : undefined;
  const targets = Object.entries(entry.target_ids).map(([name, id]) => `${name}=${id}`).join(', ');
  return (
    <Table.Tr data-testid="audit-entry">
      <Table.Td fz="sm">{entry.seq}</Table.Td>
      <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>{formatMoment(entry.occurred_at)}</Table.Td>
      <Table.Td fz="sm">
        {t(actionKey(entry.action))}
        {entry.outcome === 'failure' && (
          <Badge color="red" variant="light" ml="xs" size="sm">
            {t('auditLog.failure')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td fz="sm" data-testid="audit-entry-user">
        <Named id={entry.actor_user_id} name={names.users[String(entry.actor_user_id)]} />
        {entry.api_key_id !== null && <Text fz="xs" c="dimmed">{t('auditLog.viaApiKey', { id: entry.api_key_id })}</Text>}</Table.Td>
      <Table.Td fz="sm" data-testid="audit-entry-subject">
        {entry.subject_employee_id !== null ? (
          <Named id={entry.subject_employee_id} name={names.people[String(entry.subject_employee_id)]} />
        ) : directoryPerson !== undefined ? (
          <Named id={Number(entry.target_ids.id)} name={directoryPerson} />
        ) : (
          <Named id={entry.subject_user_id} name={names.users[String(entry.subject_user_id)]} />
        )}
        {entry.engagement_id !== null && (
          <Text fz="xs" c="dimmed">
            {names.journeys[String(entry.engagement_id)] !== undefined ? t('auditLog.inNamedJourney', { name: names.journeys[String(entry.engagement_id)] }) : t('auditLog.inJourney', { id: entry.engagement_id })}
          </Text>
        )}
      </Table.Td>
      <Table.Td fz="xs">
        {entry.route && <Code fz="xs">{entry.route}</Code>}
        {targets && <Text fz="xs" c="dimmed">{targets}</Text>}
      </Table.Td>
      <Table.Td fz="xs">
        {entry.ip_address}
        <Text fz="xs" c="dimmed" lineClamp={1} title={entry.user_agent ?? undefined}>{entry.user_agent}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

function AuditLogContent() {
  const { t } = useTranslation('organizationAdmin');
  const errorMessage = useErrorMessage();
  const [filters, setFilters] = useState<TAuditLogFilters>({});
  const pages = useInfiniteQuery({
    queryKey: auditLogQueryKey(filters),
    queryFn: ({ pageParam }) => fetchAuditLogPage(filters, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
  const verify = useMutation({ mutationFn: verifyAuditLog, onError: (error) => notify('error', errorMessage(error)) });
  const download = useDownload();
  const exportAs = (format: 'jsonl' | 'csv') => download.mutate({ path: '/organization/audit-log/export/', fallbackName: `audit-log.${format}`, query: { ...auditQuery(filters), format } });
  const loaded = pages.data?.pages ?? [];
  const entries = loaded.flatMap((page) => page.entries);
  // Each page names its own ids; one lookup for the rows of every page loaded so far.
  const names: TAuditLogNames = {
    users: Object.assign({}, ...loaded.map((page) => page.names.users)) as Record<string, string>,
    people: Object.assign({}, ...loaded.map((page) => page.names.people)) as Record<string, string>,
    journeys: Object.assign({}, ...loaded.map((page) => page.names.journeys)) as Record<string, string>,
    directory_people: Object.assign({}, ...loaded.map((page) => page.names.directory_people)) as Record<string, string>,
  };
  return (
    <>
      <PageHeader title={t('auditLog.title')} subtitle={t('auditLog.subtitle')} />
      <Stack gap="lg" maw={1280}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <Title order={2} fz="lg">
                {t('auditLog.chainTitle')}
              </Title>
              <Button variant="light" leftSection={<Icon name="check" size={16} />} loading={verify.isPending} onClick={() => verify.mutate()} data-testid="audit-verify">
                {t('auditLog.verify.button')}
              </Button>
            </Group>
            <Text fz="sm" c="dimmed">
              {t('auditLog.chainHelp')}
            </Text>
            {verify.data && <VerifyResult result={verify.data} />}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Filters onApply={setFilters} />
            <Group gap="sm">
              <Button variant="default" leftSection={<Icon name="download" size={16} />} loading={download.isPending} onClick={() => exportAs('jsonl')} data-testid="audit-export-jsonl">
                {t('auditLog.exportJsonl')}
              </Button>
              <Button variant="default" leftSection={<Icon name="download" size={16} />} loading={download.isPending} onClick={() => exportAs('csv')} data-testid="audit-export-csv">
                {t('auditLog.exportCsv')}
              </Button>
            </Group>
            {pages.isPending ? (
              <CenteredLoader label={t('auditLog.title')} />
            ) : pages.isError ? (
              <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />
            ) : entries.length === 0 ? (
              <Text c="dimmed" data-testid="audit-empty">
                {t('auditLog.empty')}
              </Text>
            ) : (
              <ScrolledTable
                verticalSpacing="xs"
                miw={1000}
                data-testid="audit-table"
                columns={[
                  { label: '#', w: 60 },
                  { label: t('auditLog.columns.when') },
                  { label: t('auditLog.columns.action') },
                  { label: t('auditLog.columns.user') },
                  { label: t('auditLog.columns.subject') },
                  { label: t('auditLog.columns.what') },
                  { label: t('auditLog.columns.from') },
                ]}
              >
                {entries.map((entry) => (
                  <EntryRow key={entry.seq} entry={entry} names={names} />
                ))}
              </ScrolledTable>
            )}
            {pages.hasNextPage && (
              <Group justify="center">
                <Button variant="subtle" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()} data-testid="audit-more">
                  {t('auditLog.more')}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}

/** `organization/audit-log.html`: who read or changed what, and whether the chain is whole (organization_admin). */
export function AuditLogPage() {
  const { t } = useTranslation(['organizationAdmin', 'common']);
  useDocumentTitle(t('common:documentTitle', { page: t('auditLog.title') }));
  return (
    <RequireOrganizationAdmin>
      <AuditLogContent />
    </RequireOrganizationAdmin>
  );
}
