import { Anchor, Badge, Button, Checkbox, Code, FileInput, Group, NativeSelect, Paper, PasswordInput, SegmentedControl, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { SSO_MAPPABLE_PERMISSIONS, type TSsoGroupMapping, type TSsoProtocol, type TSsoSettings } from '@ona/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/notifications/notify.ts';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState, useErrorMessage } from '../../shared/ui/error-state.tsx';
import { goToIdentityProvider } from '../sso/sso-api.ts';
import { fetchSsoSettings, saveSsoSettings, ssoSettingsQueryKey, startSsoTest } from './sso-settings-api.ts';
import { fetchOrganizationUsers } from './organization-admin-api.ts';

const isMappable = (value: string): value is TSsoGroupMapping['permissions'][number] => (SSO_MAPPABLE_PERMISSIONS as readonly string[]).includes(value);

/** `group = permission, permission` per line; the line number of the first line that is not. */
function parseMappings(text: string): { mappings: TSsoGroupMapping[]; badLine: number | null } {
  const mappings: TSsoGroupMapping[] = [];
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const at = line.lastIndexOf('=');
    const group = line.slice(0, at).trim();
    const permissions = line.slice(at + 1).split(',').map((p) => p.trim()).filter(Boolean);
    if (at <= 0 || !group || !permissions.every(isMappable)) return { mappings, badLine: index + 1 };
    mappings.push({ group, permissions: permissions.filter(isMappable) });
  }
  return { mappings, badLine: null };
}

const mappingsText = (mappings: TSsoGroupMapping[]) => mappings.map((m) => `${m.group} = ${m.permissions.join(', ')}`).join('\n');

function SsoForm({ settings }: { settings: TSsoSettings }) {
  const { t } = useTranslation('sso');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [protocol, setProtocol] = useState<TSsoProtocol>(settings.protocol);
  const [enabled, setEnabled] = useState(settings.enabled);
  const [metadataFile, setMetadataFile] = useState<File | null>(null);
  const [metadataUrl, setMetadataUrl] = useState(settings.saml.idp_metadata_url ?? '');
  const [allowIdpInitiated, setAllowIdpInitiated] = useState(settings.saml.allow_idp_initiated);
  const [issuerUrl, setIssuerUrl] = useState(settings.issuer_url);
  const [clientId, setClientId] = useState(settings.client_id);
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(settings.allowed_domains.join(', '));
  const [emailClaim, setEmailClaim] = useState(settings.email_claim);
  const [groupsClaim, setGroupsClaim] = useState(settings.groups_claim ?? '');
  const [mappings, setMappings] = useState(mappingsText(settings.group_permissions));
  const [requireSso, setRequireSso] = useState(settings.require_sso);
  const [breakGlass, setBreakGlass] = useState(settings.break_glass_user_id === null ? '' : String(settings.break_glass_user_id));
  const [createMembers, setCreateMembers] = useState(settings.create_members);
  const administrators = useQuery({ queryKey: ['organization-admin', 'users', ''], queryFn: () => fetchOrganizationUsers('') });
  const parsed = parseMappings(mappings);

  const save = useMutation({
    mutationFn: async () =>
      saveSsoSettings({
        protocol,
        enabled,
        ...(protocol === 'oidc'
          ? { issuer_url: issuerUrl.trim(), client_id: clientId.trim(), ...(clientSecret ? { client_secret: clientSecret } : {}) }
          : {
              // An uploaded file wins over the address; with neither, the stored metadata stays.
              ...(metadataFile ? { saml_idp_metadata_xml: await metadataFile.text() } : metadataUrl.trim() && metadataUrl.trim() !== settings.saml.idp_metadata_url ? { saml_idp_metadata_url: metadataUrl.trim() } : {}),
              saml_allow_idp_initiated: allowIdpInitiated,
            }),
        allowed_domains: domains.split(/[\s,]+/).map((d) => d.trim()).filter(Boolean),
        email_claim: emailClaim.trim() || 'email',
        groups_claim: groupsClaim.trim() || null,
        group_permissions: parsed.mappings,
        require_sso: requireSso,
        break_glass_user_id: breakGlass ? Number(breakGlass) : null,
        create_members: createMembers,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(ssoSettingsQueryKey, saved);
      setClientSecret('');
      setMetadataFile(null);
      notify('success', t('settings.saved'));
    },
    onError: (error) => notify('error', errorMessage(error)),
  });
  const test = useMutation({ mutationFn: startSsoTest, onSuccess: goToIdentityProvider, onError: (error) => notify('error', errorMessage(error)) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed.badLine === null) save.mutate();
  };
  const admins = (administrators.data ?? []).filter((u) => u.active && u.permissions.includes('organization_admin'));

  return (
    <form onSubmit={submit} noValidate data-testid="sso-settings-form">
      <Stack gap="md">
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="sso-protocol-label">
            {t('settings.protocol')}
          </Text>
          <SegmentedControl
            aria-labelledby="sso-protocol-label"
            value={protocol}
            onChange={(value) => setProtocol(value === 'saml' ? 'saml' : 'oidc')}
            data={[
              { value: 'oidc', label: t('settings.protocolOidc') },
              { value: 'saml', label: t('settings.protocolSaml') },
            ]}
            data-testid="sso-protocol"
          />
        </Stack>
        {protocol === 'oidc' ? (
          <>
            <Text fz="sm">{t('settings.intro')}</Text>
            <Stack gap={2}>
              {settings.redirect_uris.map((uri) => (
                <Code key={uri} data-testid="sso-redirect-uri">
                  {uri}
                </Code>
              ))}
            </Stack>
          </>
        ) : (
          <SamlServiceProvider settings={settings} />
        )}
        <Switch label={t('settings.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} data-testid="sso-enabled" />
        {protocol === 'oidc' ? (
          <>
            <TextInput label={t('settings.issuerUrl')} description={t('settings.issuerHelp')} value={issuerUrl} onChange={(e) => setIssuerUrl(e.currentTarget.value)} required data-testid="sso-issuer" />
            <Group grow align="flex-start">
              <TextInput label={t('settings.clientId')} value={clientId} onChange={(e) => setClientId(e.currentTarget.value)} required data-testid="sso-client-id" />
              <PasswordInput
                label={t('settings.clientSecret')}
                description={settings.client_secret_set ? t('settings.clientSecretKept') : undefined}
                value={clientSecret}
                autoComplete="off"
                onChange={(e) => setClientSecret(e.currentTarget.value)}
                data-testid="sso-client-secret"
              />
            </Group>
          </>
        ) : (
          <>
            <Group grow align="flex-start">
              <FileInput
                label={t('settings.samlMetadataFile')}
                description={settings.saml.idp_metadata_set ? t('settings.samlMetadataKept') : t('settings.samlMetadataFileHelp')}
                accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
                value={metadataFile}
                onChange={setMetadataFile}
                clearable
                data-testid="sso-saml-metadata-file"
              />
              <TextInput
                label={t('settings.samlMetadataUrl')}
                description={t('settings.samlMetadataUrlHelp')}
                value={metadataUrl}
                onChange={(e) => setMetadataUrl(e.currentTarget.value)}
                data-testid="sso-saml-metadata-url"
              />
            </Group>
            {settings.saml.idp_entity_id && (
              <Text fz="sm" data-testid="sso-saml-idp">
                {t('settings.samlIdpRead', { entity: settings.saml.idp_entity_id, url: settings.saml.idp_sso_url ?? '' })}
              </Text>
            )}
            <Checkbox
              label={t('settings.samlAllowIdpInitiated')}
              description={t('settings.samlAllowIdpInitiatedHelp')}
              checked={allowIdpInitiated}
              onChange={(e) => setAllowIdpInitiated(e.currentTarget.checked)}
              data-testid="sso-saml-idp-initiated"
            />
          </>
        )}
        <TextInput label={t('settings.allowedDomains')} description={t('settings.allowedDomainsHelp')} value={domains} onChange={(e) => setDomains(e.currentTarget.value)} required data-testid="sso-domains" />
        <Group grow align="flex-start">
          <TextInput label={protocol === 'saml' ? t('settings.samlEmailAttribute') : t('settings.emailClaim')} value={emailClaim} onChange={(e) => setEmailClaim(e.currentTarget.value)} data-testid="sso-email-claim" />
          <TextInput label={protocol === 'saml' ? t('settings.samlGroupsAttribute') : t('settings.groupsClaim')} value={groupsClaim} onChange={(e) => setGroupsClaim(e.currentTarget.value)} data-testid="sso-groups-claim" />
        </Group>
        <Textarea
          label={t('settings.groupMappings')}
          description={t('settings.groupMappingsHelp')}
          value={mappings}
          autosize
          minRows={2}
          onChange={(e) => setMappings(e.currentTarget.value)}
          error={parsed.badLine === null ? undefined : t('settings.groupMappingsInvalid', { line: parsed.badLine })}
          data-testid="sso-group-mappings"
        />
        <Checkbox label={t('settings.createMembers')} description={t('settings.createMembersHelp')} checked={createMembers} onChange={(e) => setCreateMembers(e.currentTarget.checked)} data-testid="sso-create-members" />
        <Checkbox label={t('settings.requireSso')} description={t('settings.requireSsoHelp')} checked={requireSso} onChange={(e) => setRequireSso(e.currentTarget.checked)} data-testid="sso-require" />
        <NativeSelect
          label={
            <Group gap={6} component="span">
              {t('settings.breakGlass')}
              {breakGlass && <Badge size="xs" color="orange" variant="light">{t('settings.breakGlassBadge')}</Badge>}
            </Group>
          }
          description={t('settings.breakGlassHelp')}
          value={breakGlass}
          onChange={(e) => setBreakGlass(e.currentTarget.value)}
          data={[{ value: '', label: t('settings.breakGlassNone') }, ...admins.map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }))]}
          data-testid="sso-break-glass"
        />
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2} maw={420}>
            <Button variant="default" onClick={() => test.mutate()} loading={test.isPending} disabled={settings.protocol === 'saml' ? !settings.saml.idp_metadata_set : !settings.issuer_url} data-testid="sso-test">
              {t('settings.test')}
            </Button>
            <Text fz="xs" c="dimmed">
              {t('settings.testHelp')}
            </Text>
          </Stack>
          <Button type="submit" loading={save.isPending} data-testid="sso-save">
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What the identity provider needs to know of the product: shown to be copied into its SAML application. */
function SamlServiceProvider({ settings }: { settings: TSsoSettings }) {
  const { t } = useTranslation('sso');
  return (
    <Stack gap={6} data-testid="sso-saml-sp">
      <Text fz="sm">{t('settings.samlIntro')}</Text>
      <Text fz="sm" fw={500}>
        {t('settings.samlEntityId')}
      </Text>
      <Code data-testid="sso-saml-entity-id">{settings.saml.sp_entity_id}</Code>
      <Text fz="sm" fw={500}>
        {t('settings.samlAcsUrl')}
      </Text>
      <Code data-testid="sso-saml-acs-url">{settings.saml.sp_acs_url}</Code>
      {settings.protocol === 'saml' ? (
        <Anchor href={settings.saml.sp_metadata_url} target="_blank" rel="noopener" fz="sm" data-testid="sso-saml-metadata-link">
          {t('settings.samlMetadataLink')}
        </Anchor>
      ) : (
        <Text fz="xs" c="dimmed">
          {t('settings.samlMetadataAfterSave')}
        </Text>
      )}
    </Stack>
  );
}

/** The "Single sign-on" section of the organisation settings (docs/single-sign-on.md). */
export function SsoSettingsPanel() {
  const { t } = useTranslation('sso');
  const settings = useQuery({ queryKey: ssoSettingsQueryKey, queryFn: fetchSsoSettings });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} mt="lg" maw={1040} data-testid="sso-settings">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('settings.title')}
        </Title>
        {settings.isPending && <CenteredLoader label={t('settings.title')} />}
        {settings.isError && <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />}
        {settings.data && <SsoForm key={settings.dataUpdatedAt} settings={settings.data} />}
      </Stack>
    </Paper>
  );
}
