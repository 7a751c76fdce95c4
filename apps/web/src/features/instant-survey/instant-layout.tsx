import { AppShell, Button, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useLogout } from '../auth/use-logout.ts';
import { LanguageSwitcher } from '../../shared/i18n/language-switcher.tsx';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { BrandLogo } from '../../shared/ui/brand-mark.tsx';
import { Icon } from '../../shared/ui/icon.tsx';

/** The instant-survey host's frame; its tabs (Surveys, Users, Groups) come with a later issue. */
export function InstantLayout() {
  const { t } = useTranslation(['instantSurvey', 'common']);
  const path = useRoutePath();
  const logout = useLogout(path('login.html'));
  return (
    <AppShell header={{ height: 64 }} padding={0} bg="gray.0">
      <AppShell.Header withBorder>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <UnstyledButton component={Link} to={path('surveys/list.html')} aria-label={t('common:nav.home')}>
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
      <AppShell.Main>
        <Container size="xl" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
