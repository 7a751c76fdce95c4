import { Alert, Badge, Group, Paper, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { TOrganization } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { ErrorState } from '../../shared/ui/error-state.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PlatformOrganizationsPanel } from '../organization-admin/platform-organizations-panel.tsx';
import classes from './organizations-page.module.css';
import { useSetOrganization } from './use-set-organization.ts';

function OrganizationRow({ organization, current }: { organization: TOrganization; current: boolean }) {
  const { t } = useTranslation(['organizations', 'common']);
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
        <ThemeIcon size={40} radius="md" variant={current ? 'filled' : 'light'}>
          <Icon name="building" />
        </ThemeIcon>
        <Text fw={600} truncate>
          {organization.name}
        </Text>
      </Group>
      {current ? (
        <Badge variant="light" color="teal" leftSection={<Icon name="check" size={12} stroke={2.5} />}>
          {t('current')}
        </Badge>
      ) : (
        <Text c="brand.6" aria-hidden="true" lh={0}>
          <Icon name="chevronRight" />
        </Text>
      )}
    </Group>
  );
}

export function OrganizationsPage() {
  const { t } = useTranslation(['organizations', 'common']);
  const user = useAuthStore((state) => state.user);
  const path = useRoutePath();
  const setOrganization = useSetOrganization();
  useDocumentTitle(t('common:documentTitle', { page: t('title') }));
  if (!user) return null;

  // A member of several organisations switches among them; a platform administrator always may.
  const canChange = user.can_change_organization || user.available_organizations.length > 1;
  const organizations = user.available_organizations.length > 0 ? user.available_organizations : [user.organization];

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={canChange ? t('subtitle') : t('cannotChange')}
        back={{ to: path('engagements/list.html'), label: t('common:nav.journeys') }}
      />
      {setOrganization.error && (
        <div style={{ marginBottom: 16 }}>
          <ErrorState error={setOrganization.error} />
        </div>
      )}
      <Stack gap="sm" role="list" aria-label={t('title')} maw={720}>
        {organizations.map((organization) => {
          const current = organization.id === user.organization.id;
          const common = {
            'data-testid': 'organization-item',
            'data-current': current ? 'true' : 'false',
            role: 'listitem',
          };
          if (!canChange) {
            return (
              <Paper key={organization.id} withBorder radius="md" p="md" {...common}>
                <OrganizationRow organization={organization} current={current} />
              </Paper>
            );
          }
          return (
            <div key={organization.id} {...common}>
              <UnstyledButton
                className={classes.choice}
                data-active={current || undefined}
                aria-current={current ? 'true' : undefined}
                // Named by what it shows (WCAG 2.5.3); aria-current tells which one is in use.
                disabled={setOrganization.isPending}
                onClick={() => setOrganization.mutate(organization.id)}
              >
                <OrganizationRow organization={organization} current={current} />
              </UnstyledButton>
            </div>
          );
        })}
      </Stack>
      {!canChange && (
        <Alert variant="light" color="gray" mt="lg" maw={720}>
          {t('askAdmin')}
        </Alert>
      )}
      {user.can_change_organization && <PlatformOrganizationsPanel />}
    </>
  );
}
