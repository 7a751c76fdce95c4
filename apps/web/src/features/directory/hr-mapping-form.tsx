import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { HR_SYNC_FIELDS, HR_SYNC_REQUIRED_FIELDS, type THrColumnMapping, type THrSyncField, type THrSyncSettings } from '@ona/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/notifications/notify.ts';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { hrSyncSettingsQueryKey, saveHrSyncSettings } from './hr-sync-api.ts';

const isRequired = (field: THrSyncField) => (HR_SYNC_REQUIRED_FIELDS as readonly string[]).includes(field);

/** Attributes as the administrator types them: `Cost centre = cost_centre`, one per line. */
const attributesText = (mapping: THrColumnMapping | null) => (mapping?.attributes ?? []).map((a) => `${a.column} = ${a.key}`).join('\n');
const attributesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.split('='))
    .filter((parts) => parts.length === 2 && parts[0]!.trim() && parts[1]!.trim())
    .map(([column, key]) => ({ column: column!.trim(), key: key!.trim() }));

/** The columns of the organisation's HR export, set once and kept (docs/directory-and-scim.md, "HR-file sync"). */
export function HrMappingForm({ settings }: { settings: THrSyncSettings }) {
  const { t } = useTranslation('directory');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [columns, setColumns] = useState<Record<THrSyncField, string>>(() =>
    Object.fromEntries(HR_SYNC_FIELDS.map((f) => [f, settings.mapping?.columns[f] ?? ''])) as Record<THrSyncField, string>,
  );
  const [attributes, setAttributes] = useState(attributesText(settings.mapping));
  const [separator, setSeparator] = useState(settings.mapping?.unit_separator ?? '/');
  const [guard, setGuard] = useState<number>(settings.deactivation_guard_percent);
  const save = useMutation({
    mutationFn: () => {
      const mapped = Object.fromEntries(HR_SYNC_FIELDS.map((f) => [f, columns[f].trim() || null])) as THrColumnMapping['columns'];
      return saveHrSyncSettings({ mapping: { columns: mapped, attributes: attributesOf(attributes), unit_separator: separator || '/' }, deactivation_guard_percent: guard });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(hrSyncSettingsQueryKey, saved);
      notify('success', t('hrSync.mapping.saved'));
    },
    onError: (error) => notify('error', errorMessage(error)),
  });
  const missing = HR_SYNC_REQUIRED_FIELDS.some((f) => columns[f].trim() === '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!missing) save.mutate();
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="hr-mapping">
      <form onSubmit={submit}>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('hrSync.mapping.title')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('hrSync.mapping.help')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            {HR_SYNC_FIELDS.map((field) => (
              <TextInput
                key={field}
                label={t(`hrSync.fields.${field}`)}
                required={isRequired(field)}
                value={columns[field]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setColumns((current) => ({ ...current, [field]: value }));
                }}
                data-testid={`hr-column-${field}`}
              />
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Textarea label={t('hrSync.mapping.attributes')} description={t('hrSync.mapping.attributesHelp')} value={attributes} autosize minRows={2} onChange={(e) => setAttributes(e.currentTarget.value)} data-testid="hr-attributes" />
            <TextInput label={t('hrSync.mapping.separator')} description={t('hrSync.mapping.separatorHelp')} value={separator} maxLength={5} onChange={(e) => setSeparator(e.currentTarget.value)} data-testid="hr-separator" />
            <NumberInput label={t('hrSync.mapping.guard')} description={t('hrSync.mapping.guardHelp')} value={guard} min={1} max={100} suffix=" %" onChange={(v) => setGuard(typeof v === 'number' ? v : 40)} data-testid="hr-guard" />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={missing} data-testid="hr-mapping-save">
              {t('hrSync.mapping.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
