import { Alert, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { ZConfidentialityPatch, type TConfidentialitySettings } from '@ona/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/notifications/notify.ts';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState, useErrorMessage } from '../../shared/ui/error-state.tsx';
import { confidentialityQueryKey, fetchConfidentiality, updateConfidentiality } from './organization-admin-api.ts';

/** The anonymity thresholds and "aggregate risk only for leaders" (docs/privacy/confidentiality.md). */
export function ConfidentialityPanel() {
  const { t } = useTranslation('organizationPolicies');
  const settings = useQuery({ queryKey: confidentialityQueryKey, queryFn: fetchConfidentiality });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={1040} mt="lg" data-testid="confidentiality-settings">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('confidentiality.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('confidentiality.help')}
        </Text>
        {settings.isPending && <CenteredLoader label={t('confidentiality.title')} />}
        {settings.isError && <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />}
        {settings.data && <ConfidentialityForm key={JSON.stringify(settings.data)} settings={settings.data} />}
      </Stack>
    </Paper>
  );
}

function ConfidentialityForm({ settings }: { settings: TConfidentialitySettings }) {
  const { t } = useTranslation('organizationPolicies');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [minimum, setMinimum] = useState<number | string>(settings.min_group_size);
  const [freeText, setFreeText] = useState<number | string>(settings.free_text_min_group_size);
  const [aggregateOnly, setAggregateOnly] = useState(settings.aggregate_risk_only_for_leaders);
  const locked = settings.locked_by.length > 0;
  const draft = ZConfidentialityPatch.safeParse({ min_group_size: Number(minimum), free_text_min_group_size: Number(freeText), aggregate_risk_only_for_leaders: aggregateOnly });
  const freeTextBelow = draft.success && (draft.data.free_text_min_group_size ?? 0) < (draft.data.min_group_size ?? 0);
  const save = useMutation({
    mutationFn: updateConfidentiality,
    onSuccess: (saved) => {
      queryClient.setQueryData(confidentialityQueryKey, saved);
      notify('success', t('confidentiality.saved'));
    },
    onError: (error) => notify('error', errorMessage(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.success && !freeTextBelow && !locked) save.mutate(draft.data);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {locked && (
          <Alert color="yellow" variant="light" title={t('confidentiality.lockedTitle')} data-testid="confidentiality-locked">
            {t('confidentiality.locked', { journeys: settings.locked_by.map((j) => j.name).join(', ') })}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label={t('confidentiality.minimum')} description={t('confidentiality.minimumHelp')} min={3} max={10} value={minimum} onChange={setMinimum} allowDecimal={false} disabled={locked} data-testid="confidentiality-minimum" />
          <NumberInput label={t('confidentiality.freeText')} description={t('confidentiality.freeTextHelp')} min={3} max={50} value={freeText} onChange={setFreeText} allowDecimal={false} disabled={locked} data-testid="confidentiality-free-text" />
        </SimpleGrid>
        <Switch
          label={t('confidentiality.aggregateOnly')}
          description={t('confidentiality.aggregateOnlyHelp')}
          checked={aggregateOnly}
          onChange={(event) => setAggregateOnly(event.currentTarget.checked)}
          disabled={locked}
          data-testid="confidentiality-aggregate-only"
        />
        {(!draft.success || freeTextBelow) && (
          <Text fz="sm" c="red" role="alert">
            {freeTextBelow ? t('confidentiality.freeTextBelow') : t('confidentiality.outOfBounds')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={locked || !draft.success || freeTextBelow} data-testid="confidentiality-save">
            {t('confidentiality.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
