import { Anchor, AppShell, Avatar, Box, Burger, Button, Container, Divider, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogout } from '../features/auth/use-logout.ts';
import { useAuthStore } from '../shared/auth/auth-store.ts';
import { LanguageSwitcher } from '../shared/i18n/language-switcher.tsx';
import { useRoutePath } from '../shared/routing/route-set-context.tsx';
import { BrandMark } from '../shared/ui/brand-mark.tsx';
import { Icon } from '../shared/ui/icon.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../shared/ui/skip-link.tsx';
import { PageOrNoAccess } from '../shared/ui/no-access-content.tsx';
import type { THeaderLink } from './header-user-menu.tsx';

// Loaded when needed, not with the frame (docs/first-loads.md): the organisation menu when the user
// has organisation pages, the narrow screens' drawer when it is first opened.
const HeaderUserMenu = lazy(() => import('./header-user-menu.tsx').then((module) => ({ default: module.HeaderUserMenu })));
const HeaderDrawer = lazy(() => import('./header-drawer.ts').then((module) => ({ default: module.HeaderDrawer })));

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** The analytics app's frame: header with user, organisation, language and Log out. */
export function AppLayout() {
  const { t } = useTranslation();
  const { t: tOrg } = useTranslation('organizationAdmin');
  const { t: tAccount } = useTranslation('account');
  const path = useRoutePath();
  const user = useAuthStore((state) => state.user);
  const logout = useLogout(path('auth/login.html'));
  const [menuOpened, menu] = useDisclosure(false);
  // Once opened, the drawer stays mounted, so that it can play its closing transition.
  const [drawerUsed, setDrawerUsed] = useState(false);
  // Controlled, so that a click on the button before the menu's chunk is in opens the menu once it is.
  const [userMenuOpened, setUserMenuOpened] = useState(false);
  if (menuOpened && !drawerUsed) setDrawerUsed(true);
  if (!user) return null;
  // The organisation pages, for those who may open them (organization_admin; platform pages for can_change_organization).
  const organizationLinks: THeaderLink[] = [
    ...(user.permissions.includes('organization_admin')
      ? [
          { to: path('organization/users.html'), label: tOrg('menu.users'), testId: 'nav-organization-users', icon: 'users' as const },
          { to: path('organization/directory.html'), label: tOrg('menu.directory'), testId: 'nav-organization-directory', icon: 'tree' as const },
          { to: path('organization/collaboration.html'), label: tOrg('menu.collaboration'), testId: 'nav-organization-collaboration', icon: 'mail' as const },
          { to: path('organization/settings.html'), label: tOrg('menu.settings'), testId: 'nav-organization-settings', icon: 'admin' as const },
          { to: path('organization/audit-log.html'), label: tOrg('menu.auditLog'), testId: 'nav-organization-audit-log', icon: 'list' as const },
        ]
      : []),
    ...(user.can_change_organization ? [{ to: path('organizations.html'), label: tOrg('menu.organizations'), testId: 'nav-platform-organizations', icon: 'building' as const }] : []),
    // Everyone's own sessions, two-step sign-in and password.
    { to: path('account.html'), label: tAccount('menu'), testId: 'nav-account', icon: 'lock' as const },
  ];
  const userBadge = (
    <Group gap={8} wrap="nowrap">
      <Avatar color="brand" radius="xl" size={34} aria-hidden="true">
        {initials(user.name)}
      </Avatar>
      <Text fz="sm" fw={500} truncate maw={180} data-testid="header-user">
        {user.name}
      </Text>
    </Group>
  );

  const userMenuButton = (onClick?: () => void) => (
    <UnstyledButton data-testid="header-user-menu" onClick={onClick}>
      <Group gap={4} wrap="nowrap">
        {userBadge}
        <Box component="span" lh={0} style={{ transform: 'rotate(90deg)' }}>
          <Icon name="chevronRight" size={14} />
        </Box>
      </Group>
    </UnstyledButton>
  );

  const switchOrganization = user.can_change_organization && (
    <Anchor component={Link} to={path('organizations.html')} fz="sm" data-testid="switch-organization" onClick={menu.close}>
      {t('header.switchOrganization')}
    </Anchor>
  );
  const logoutButton = (fullWidth: boolean) => (
    <Button
      variant={fullWidth ? 'light' : 'subtle'}
      color="gray"
      size={fullWidth ? 'md' : 'sm'}
      fullWidth={fullWidth}
      leftSection={<Icon name="logout" size={18} />}
      loading={logout.isPending}
      onClick={() => logout.mutate()}
    >
      {t('header.logout')}
    </Button>
  );

  return (
    <AppShell header={{ height: 64 }} padding={0} bg="gray.0">
      <SkipLink />
      <AppShell.Header withBorder>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            {/* The name starts with the visible brand text (WCAG 2.5.3, label in name). */}
            <UnstyledButton component={Link} to={path('engagements/list.html')} aria-label={`${t('brand.name')} – ${t('nav.home')}`}>
              <BrandMark hideNameBelow="xs" />
            </UnstyledButton>
            <Group gap="md" wrap="nowrap">
              <Group gap="lg" wrap="nowrap" visibleFrom="md">
                <Stack gap={0} align="flex-end" style={{ minWidth: 0 }}>
                  <Text fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
                    {t('header.organization')}
                  </Text>
                  <Group gap={8} wrap="nowrap">
                    <Text fz="sm" fw={600} truncate maw={220} data-testid="header-organization">
                      {user.organization.name}
                    </Text>
                    {switchOrganization}
                  </Group>
                </Stack>
                <Divider orientation="vertical" />
                {organizationLinks.length === 0 ? (
                  userBadge
                ) : (
                  // Until the menu's chunk is in (a moment), the button shows without its menu.
                  <Suspense fallback={userMenuButton(() => setUserMenuOpened(true))}>
                    <HeaderUserMenu target={userMenuButton()} links={organizationLinks} opened={userMenuOpened} onChange={setUserMenuOpened} />
                  </Suspense>
                )}
              </Group>
              {/* One switcher for every width: a duplicate hidden by CSS would confuse label lookups. */}
              <LanguageSwitcher />
              <Box visibleFrom="md">{logoutButton(false)}</Box>
              <Burger opened={menuOpened} onClick={menu.toggle} size="sm" aria-label={t('header.menu')} hiddenFrom="md" />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      {drawerUsed && (
        <Suspense fallback={null}>
          <HeaderDrawer
            opened={menuOpened}
            onClose={menu.close}
            position="right"
            size="xs"
            title={t('header.menu')}
            hiddenFrom="md"
            closeButtonProps={{ 'aria-label': t('actions.close') }}
          >
            <Stack gap="lg">
              <Group gap="sm" wrap="nowrap">
                <Avatar color="brand" radius="xl" aria-hidden="true">
                  {initials(user.name)}
                </Avatar>
                <Box style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {user.name}
                  </Text>
                  <Text fz="sm" c="dimmed" truncate>
                    {user.email}
                  </Text>
                </Box>
              </Group>
              <Stack gap={4}>
                <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
                  {t('header.organization')}
                </Text>
                <Text fw={600}>{user.organization.name}</Text>
                {switchOrganization}
              </Stack>
              <Anchor component={Link} to={path('engagements/list.html')} onClick={menu.close}>
                {t('nav.journeys')}
              </Anchor>
              {organizationLinks.map((link) => (
                <Anchor key={link.testId} component={Link} to={link.to} onClick={menu.close} data-testid={link.testId}>
                  {link.label}
                </Anchor>
              ))}
              {logoutButton(true)}
            </Stack>
          </HeaderDrawer>
        </Suspense>
      )}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Container size="xl" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
          <PageOrNoAccess homePath="engagements/list.html" />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
