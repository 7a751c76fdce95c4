import { Alert, Badge, Button, Group, MultiSelect, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TJourneyDirectorySyncResult } from '@ona/contracts';
import { notify } from '../../../shared/notifications/notify.ts';
import { adminKeys, peopleSourceQuery, takePeopleFromDirectory } from '../admin-api.ts';
import { UploadErrors } from '../upload/upload-errors.tsx';

type TScope = 'everyone' | 'units';

/**
 * The employee step's other way (docs/directory-journeys.md): the participants from the
 * organisation's directory, everyone or chosen units; while the journey is open it follows
 * the directory's joiners, movers and leavers.
 */
export function DirectorySourcePanel({ engagementId }: { engagementId: number }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const source = useQuery(peopleSourceQuery(engagementId));
  const [scope, setScope] = useState<TScope | null>(null);
  const [units, setUnits] = useState<string[] | null>(null);
  const chosenScope: TScope = scope ?? (source.data?.source === 'directory' && source.data.units ? 'units' : 'everyone');
  const chosenUnits = units ?? source.data?.units ?? [];
  const describe = (result: TJourneyDirectorySyncResult) =>
    t('employees.directory.done', { created: result.created_count, updated: result.updated_count, removed: result.removed_count, units: result.unit_count });
  const mutation = useMutation({
    mutationFn: () => takePeopleFromDirectory(engagementId, chosenScope === 'units' ? chosenUnits : null),
    onSuccess: async (result) => {
      notify('success', describe(result));
      await queryClient.invalidateQueries({ queryKey: adminKeys.all(engagementId) });
      await queryClient.invalidateQueries({ queryKey: ['engagements'] });
    },
  });
  if (!source.data) return null;
  const data = source.data;
  const empty = data.directory_people === 0;

  return (
    <Paper withBorder radius="lg" p="md" data-testid="directory-source">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" align="flex-start">
          <div>
            <Title order={2} fz="lg">
              {t('employees.directory.title')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('employees.directory.description')}
            </Text>
          </div>
          <Badge variant="light" color={data.follows_directory ? 'teal' : 'gray'} tt="none" fw={500} data-testid="directory-source-state">
            {data.source === 'directory' ? (data.follows_directory ? t('employees.directory.following') : t('employees.directory.notFollowing')) : t('employees.directory.fromUpload')}
          </Badge>
        </Group>
        {empty ? (
          <Text fz="sm" data-testid="directory-source-empty">
            {t('employees.directory.empty')}
          </Text>
        ) : (
          <>
            <Radio.Group value={chosenScope} onChange={(value) => setScope(value === 'units' ? 'units' : 'everyone')} label={t('employees.directory.scope')}>
              <Stack gap={6} mt={6}>
                <Radio value="everyone" label={t('employees.directory.everyone', { count: data.directory_people })} data-testid="directory-scope-everyone" />
                <Radio value="units" label={t('employees.directory.chosenUnits')} data-testid="directory-scope-units" />
              </Stack>
            </Radio.Group>
            {chosenScope === 'units' && (
              <MultiSelect
                label={t('employees.directory.units')}
                description={t('employees.directory.unitsHint')}
                data={data.directory_units.map((unit) => ({ value: unit.path, label: t('employees.directory.unitOption', { path: unit.path, count: unit.people }) }))}
                value={chosenUnits}
                onChange={setUnits}
                searchable
                clearable
                data-testid="directory-units"
              />
            )}
            <Group justify="flex-end">
              <Button loading={mutation.isPending} disabled={chosenScope === 'units' && chosenUnits.length === 0} onClick={() => mutation.mutate()} data-testid="directory-source-submit">
                {t('employees.directory.submit')}
              </Button>
            </Group>
          </>
        )}
        {mutation.isSuccess && (
          <Alert color="teal" variant="light" role="status" data-testid="directory-source-result">
            {describe(mutation.data)}
          </Alert>
        )}
        {mutation.isError && <UploadErrors error={mutation.error} />}
      </Stack>
    </Paper>
  );
}
