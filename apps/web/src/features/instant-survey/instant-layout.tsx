import { AppShell, Button, Container, Group, Tabs, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageOrNoAccess } from '../../shared/ui/no-access-content.tsx';
import { useLogout } from '../auth/use-logout.ts';
import { LanguageSwitcher } from '../../shared/i18n/language-switcher.tsx';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { BrandLogo } from '../../shared/ui/brand-mark.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { RouteTabPanel } from '../../shared/ui/route-tab-panel.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../shared/ui/skip-link.tsx';

/** The instant-survey host's frame with the main tabs (spec §2): Surveys, Users, Groups. */
export function InstantLayout() {
  const { t } = useTranslation(['instantSurvey', 'common']);
  const path = useRoutePath();
  const logout = useLogout(path('login.html'));
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = [
    { value: 'surveys', to: path('surveys/list.html') },
    { value: 'users', to: path('users.html') },
    { value: 'groups', to: path('groups/list.html') },
  ] as const;
  const active = pathname.startsWith(path('users')) ? 'users' : pathname.startsWith(path('groups')) ? 'groups' : 'surveys';
  return (
    <AppShell header={{ height: 64 }} padding={0} bg="gray.0">
      <SkipLink />
      <AppShell.Header withBorder>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            {/* The name starts with the visible brand text (WCAG 2.5.3, label in name). */}
            <UnstyledButton component={Link} to={path('surveys/list.html')} aria-label={`${t('brand')} – ${t('common:nav.home')}`}>
              <Group gap={10} wrap="nowrap">
                <BrandLogo />
                <Text fw={700} fz="lg" visibleFrom="xs">
                  {t('brand')}
                </Text>
              </Group>
            </UnstyledButton>
            <Group gap="xs" wrap="nowrap">
              <LanguageSwitcher />
              <Button variant="subtle" color="gray" leftSection={<Icon name="logout" size={18} />} loading={logout.isPending} onClick={() => logout.mutate()}>
                {t('common:header.logout')}
              </Button>
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Container size="xl" pt="md" px={{ base: 'md', sm: 'lg' }}>
          <Tabs id="instant-menu" value={active} onChange={(value) => { const tab = tabs.find((candidate) => candidate.value === value); if (tab) void navigate(tab.to); }}>
            <Tabs.List>
              {tabs.map((tab) => (
                <Tabs.Tab key={tab.value} value={tab.value}>
                  {t(`tabs.${tab.value}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        </Container>
        <RouteTabPanel tabsId="instant-menu" value={active}>
          <Container size="xl" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
            <PageOrNoAccess homePath="surveys/list.html" />
          </Container>
        </RouteTabPanel>
      </AppShell.Main>
    </AppShell>
  );
}
