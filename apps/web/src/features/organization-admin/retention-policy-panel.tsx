import { List, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { RETENTION_JOURNEY_MONTHS, RETENTION_LEAVER_MONTHS, ZRetentionPolicyInput, type TRetentionPolicy } from '@ona/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState } from '../../shared/ui/error-state.tsx';
import { SettingsForm } from '../../shared/ui/settings-form.tsx';
import { fetchRetentionPolicy, retentionPolicyQueryKey, updateRetentionPolicy } from './retention-policy-api.ts';

/** How long identities are kept after a journey closes and after a person leaves (docs/privacy/retention.md). */
export function RetentionPolicyPanel() {
  const { t } = useTranslation('organizationPolicies');
  const policy = useQuery({ queryKey: retentionPolicyQueryKey, queryFn: fetchRetentionPolicy });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={1040} mt="lg" data-testid="retention-policy">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('retentionPolicy.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('retentionPolicy.help')}
        </Text>
        {policy.isPending && <CenteredLoader label={t('retentionPolicy.title')} />}
        {policy.isError && <ErrorState error={policy.error} onRetry={() => void policy.refetch()} />}
        {policy.data && <RetentionForm policy={policy.data} />}
        {policy.data && <Upcoming policy={policy.data} />}
      </Stack>
    </Paper>
  );
}

function RetentionForm({ policy }: { policy: TRetentionPolicy }) {
  const { t } = useTranslation('organizationPolicies');
  const [journeyMonths, setJourneyMonths] = useState<number | string>(policy.journey_months);
  const [leaverMonths, setLeaverMonths] = useState<number | string>(policy.leaver_months);
  const draft = ZRetentionPolicyInput.safeParse({ journey_months: Number(journeyMonths), leaver_months: Number(leaverMonths) });
  const texts = {
    saved: t('retentionPolicy.saved'),
    outOfBounds: t('retentionPolicy.outOfBounds', { journeyMin: RETENTION_JOURNEY_MONTHS.min, journeyMax: RETENTION_JOURNEY_MONTHS.max, leaverMin: RETENTION_LEAVER_MONTHS.min, leaverMax: RETENTION_LEAVER_MONTHS.max }),
    save: t('retentionPolicy.save'),
  };
  return (
    <SettingsForm draft={draft} save={updateRetentionPolicy} queryKey={retentionPolicyQueryKey} texts={texts} saveTestId="retention-save">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t('retentionPolicy.journeyMonths')}
          description={t('retentionPolicy.journeyMonthsHelp', RETENTION_JOURNEY_MONTHS)}
          min={RETENTION_JOURNEY_MONTHS.min}
          max={RETENTION_JOURNEY_MONTHS.max}
          value={journeyMonths}
          onChange={setJourneyMonths}
          allowDecimal={false}
          data-testid="retention-journey-months"
        />
        <NumberInput
          label={t('retentionPolicy.leaverMonths')}
          description={t('retentionPolicy.leaverMonthsHelp', RETENTION_LEAVER_MONTHS)}
          min={RETENTION_LEAVER_MONTHS.min}
          max={RETENTION_LEAVER_MONTHS.max}
          value={leaverMonths}
          onChange={setLeaverMonths}
          allowDecimal={false}
          data-testid="retention-leaver-months"
        />
      </SimpleGrid>
    </SettingsForm>
  );
}

/** The journeys still to be anonymised, the soonest first, and the leavers waiting for their erasure. */
function Upcoming({ policy }: { policy: TRetentionPolicy }) {
  const { t } = useTranslation('organizationPolicies');
  const locale = activeLocale();
  return (
    <Stack gap="xs" data-testid="retention-upcoming">
      <Title order={3} fz="md">
        {t('retentionPolicy.upcomingTitle')}
      </Title>
      {policy.upcoming.length === 0 ? (
        <Text fz="sm">{t('retentionPolicy.noJourneys')}</Text>
      ) : (
        <List fz="sm" spacing={4}>
          {policy.upcoming.map((journey) => (
            <List.Item key={journey.engagement_id}>
              {t(journey.closed ? 'retentionPolicy.journeyLine' : 'retentionPolicy.openJourneyLine', { name: journey.name, closed: formatDate(journey.closed_on, locale), due: formatDate(journey.due_on, locale) })}
            </List.Item>
          ))}
        </List>
      )}
      <Text fz="sm">
        {policy.next_leaver_due_on
          ? t('retentionPolicy.leavers', { count: policy.upcoming_leavers, due: formatDate(policy.next_leaver_due_on, locale) })
          : t('retentionPolicy.noLeavers')}
      </Text>
    </Stack>
  );
}
