import { NativeSelect, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ZSecondFactorRequirement, ZSignInPolicy, type TSecondFactorRequirement, type TSignInPolicy } from '@ona/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState } from '../../shared/ui/error-state.tsx';
import { SettingsForm } from '../../shared/ui/settings-form.tsx';
import { fetchSignInPolicy, signInPolicyQueryKey, updateSignInPolicy } from './organization-admin-api.ts';

/** Session idle time, absolute lifetime and who must sign in with a second factor (docs/sign-in-security.md). */
export function SignInPolicyPanel() {
  const { t } = useTranslation('organizationAdmin');
  const policy = useQuery({ queryKey: signInPolicyQueryKey, queryFn: fetchSignInPolicy });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={1040} mt="lg" data-testid="sign-in-policy">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('signInPolicy.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('signInPolicy.help')}
        </Text>
        {policy.isPending && <CenteredLoader label={t('signInPolicy.title')} />}
        {policy.isError && <ErrorState error={policy.error} onRetry={() => void policy.refetch()} />}
        {policy.data && <PolicyForm policy={policy.data} />}
      </Stack>
    </Paper>
  );
}

function PolicyForm({ policy }: { policy: TSignInPolicy }) {
  const { t } = useTranslation('organizationAdmin');
  const [idle, setIdle] = useState<number | string>(policy.session_idle_minutes);
  const [lifetime, setLifetime] = useState<number | string>(policy.session_lifetime_days);
  const [requiredFor, setRequiredFor] = useState<TSecondFactorRequirement>(policy.second_factor_required_for);
  const draft = ZSignInPolicy.safeParse({ session_idle_minutes: Number(idle), session_lifetime_days: Number(lifetime), second_factor_required_for: requiredFor });
  const texts = { saved: t('signInPolicy.saved'), outOfBounds: t('signInPolicy.outOfBounds'), save: t('signInPolicy.save') };
  return (
    <SettingsForm draft={draft} save={updateSignInPolicy} queryKey={signInPolicyQueryKey} texts={texts} saveTestId="policy-save">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput label={t('signInPolicy.idle')} description={t('signInPolicy.idleHelp')} min={5} max={43_200} value={idle} onChange={setIdle} allowDecimal={false} data-testid="policy-idle" />
        <NumberInput label={t('signInPolicy.lifetime')} description={t('signInPolicy.lifetimeHelp')} min={1} max={365} value={lifetime} onChange={setLifetime} allowDecimal={false} data-testid="policy-lifetime" />
        <NativeSelect
          label={t('signInPolicy.secondFactor')}
          description={t('signInPolicy.secondFactorHelp')}
          value={requiredFor}
          onChange={(event) => setRequiredFor(ZSecondFactorRequirement.catch('none').parse(event.currentTarget.value))}
          data={ZSecondFactorRequirement.options.map((value) => ({ value, label: t(`signInPolicy.requiredFor.${value}`) }))}
          data-testid="policy-second-factor"
        />
      </SimpleGrid>
    </SettingsForm>
  );
}
