import { Alert, Box, Button, Center, FileButton, Group, Image, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { CONTENT_LANGUAGES, LOGO_MAX_BYTES, type TContentLanguage, type TCurrentOrganization } from '@ona/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { profileQueryKey } from '../auth/session-api.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { LANGUAGE_NAMES } from '../../shared/i18n/language-names.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState, useErrorMessage } from '../../shared/ui/error-state.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ApiKeysPanel } from './api-keys-panel.tsx';
import { RetentionPolicyPanel } from './retention-policy-panel.tsx';
import { SchedulingSettingsPanel } from './scheduling-settings-panel.tsx';
import { SignInPolicyPanel } from './sign-in-policy-panel.tsx';
import { ConfidentialityPanel } from './confidentiality-panel.tsx';
import { PrivacyNoticePanel } from './privacy-notice-panel.tsx';
import { SsoSettingsPanel } from './sso-settings-panel.tsx';
import { fetchOrganization, organizationQueryKey, removeLogo, updateOrganization, uploadLogo } from './organization-admin-api.ts';
import { RequireOrganizationAdmin } from './require-organization-admin.tsx';

const LOGO_ACCEPT = 'image/png,image/jpeg,image/svg+xml';

function DetailsForm({ organization }: { organization: TCurrentOrganization }) {
  const { t } = useTranslation('organizationAdmin');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const user = useAuthStore((state) => state.user);
  const setUser = useAuthStore((state) => state.setUser);
  const [name, setName] = useState(organization.name);
  const [language, setLanguage] = useState<TContentLanguage>(organization.default_language);
  const save = useMutation({
    mutationFn: () => updateOrganization({ name: name.trim(), default_language: language }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(organizationQueryKey, saved);
      // The header shows the organisation's name: keep it in step without a reload.
      if (user) setUser({ ...user, organization: { ...user.organization, name: saved.name, default_language: saved.default_language } });
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
      notify('success', t('settings.saved'));
    },
    onError: (error) => notify('error', errorMessage(error)),
  });
  const nameError = name.trim() === '' ? t('settings.nameRequired') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!nameError) save.mutate();
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate data-testid="organization-settings-form">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('settings.details')}
          </Title>
          <TextInput label={t('settings.name')} value={name} onChange={(event) => setName(event.currentTarget.value)} error={nameError} required data-testid="organization-name" />
          <NativeSelect
            label={t('settings.language')}
            description={t('settings.languageHelp')}
            value={language}
            onChange={(event) => setLanguage(event.currentTarget.value as TContentLanguage)}
            data={CONTENT_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
            data-testid="organization-language"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="organization-save">
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function LogoPanel({ organization }: { organization: TCurrentOrganization }) {
  const { t } = useTranslation('organizationAdmin');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const onSaved = (saved: TCurrentOrganization) => {
    setProblem(null);
    queryClient.setQueryData(organizationQueryKey, saved);
  };
  const upload = useMutation({
    mutationFn: uploadLogo,
    onSuccess: (saved) => {
      onSaved(saved);
      notify('success', t('settings.logoSaved'));
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: removeLogo,
    onSuccess: (saved) => {
      onSaved(saved);
      notify('success', t('settings.logoRemoved'));
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const choose = (file: File | null) => {
    if (!file) return;
    // The server checks too (413); saying it here spares a pointless upload.
    if (file.size > LOGO_MAX_BYTES) {
      setProblem(t('settings.tooLarge'));
      return;
    }
    upload.mutate(file);
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('settings.logo')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('settings.logoHelp')}
        </Text>
        <Center bg="gray.0" h={140} p="md" style={{ borderRadius: 8, border: '1px dashed var(--mantine-color-gray-4)' }} data-testid="logo-preview">
          {organization.logo_url ? (
            <Image src={organization.logo_url} alt={t('settings.logoAlt', { organization: organization.name })} h={100} w="auto" maw="100%" fit="contain" />
          ) : (
            <Text c="dimmed" fz="sm">
              {t('settings.noLogo')}
            </Text>
          )}
        </Center>
        {problem && (
          <Alert color="red" variant="light" role="alert" data-testid="logo-error">
            {problem}
          </Alert>
        )}
        <Group gap="sm">
          <FileButton onChange={choose} accept={LOGO_ACCEPT}>
            {(props) => (
              <Button {...props} leftSection={<Icon name="upload" size={16} />} loading={upload.isPending} data-testid="logo-upload">
                {organization.logo_url ? t('settings.replace') : t('settings.upload')}
              </Button>
            )}
          </FileButton>
          {organization.logo_url && (
            <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate()} data-testid="logo-remove">
              {t('settings.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function SettingsContent() {
  const { t } = useTranslation('organizationAdmin');
  const organization = useQuery({ queryKey: organizationQueryKey, queryFn: fetchOrganization });
  if (organization.isPending) return <CenteredLoader label={t('settings.title')} />;
  if (organization.isError) return <ErrorState error={organization.error} onRetry={() => void organization.refetch()} />;
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle', { organization: organization.data.name })} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" maw={1040}>
        <Box>
          <DetailsForm key={organization.data.id} organization={organization.data} />
        </Box>
        <LogoPanel organization={organization.data} />
      </SimpleGrid>
      <SchedulingSettingsPanel key={`scheduling-${organization.data.id}`} organization={organization.data} />
      <ConfidentialityPanel />
      <PrivacyNoticePanel />
      <SignInPolicyPanel />
      <SsoSettingsPanel />
      <RetentionPolicyPanel />
      <ApiKeysPanel />
    </>
  );
}

/** `organization/settings.html`: name, default language and logo (organization_admin). */
export function OrganizationSettingsPage() {
  const { t } = useTranslation(['organizationAdmin', 'common']);
  useDocumentTitle(t('common:documentTitle', { page: t('settings.title') }));
  return (
    <RequireOrganizationAdmin>
      <SettingsContent />
    </RequireOrganizationAdmin>
  );
}
