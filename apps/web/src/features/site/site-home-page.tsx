import { Anchor, Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { appLoginUrl } from '../../app/host-route-sets.ts';
import { LanguageSwitcher } from '../../shared/i18n/language-switcher.tsx';
import { useRouteSet } from '../../shared/routing/route-set-context.tsx';
import { BrandMark } from '../../shared/ui/brand-mark.tsx';
import { Icon, type TIconName } from '../../shared/ui/icon.tsx';
import classes from './site-home-page.module.css';

const FEATURES: readonly { key: 'engagement' | 'retention' | 'leader' | 'instant'; icon: TIconName }[] = [
  { key: 'engagement', icon: 'graph' },
  { key: 'retention', icon: 'retention' },
  { key: 'leader', icon: 'leader' },
  { key: 'instant', icon: 'sparkles' },
];

/** The public home page: what the product does, and the way into the app. */
export function SiteHomePage() {
  const { t } = useTranslation(['site', 'common']);
  const { mounts } = useRouteSet();
  const loginUrl = appLoginUrl(window.location, mounts);
  const instant = mounts.find((mount) => mount.name === 'instant-survey');
  useDocumentTitle(t('common:documentTitle', { page: t('hero.title') }));

  return (
    <Box bg="white" mih="100dvh">
      <header className={classes.header}>
        <Container size="xl">
          <Group justify="space-between" h={64} wrap="nowrap">
            <BrandMark hideNameBelow="xs" />
            <Group gap="sm" wrap="nowrap">
              <LanguageSwitcher />
              <Button component="a" href={loginUrl} size="sm">
                {t('nav.signIn')}
              </Button>
            </Group>
          </Group>
        </Container>
      </header>
      <main>
        <section className={classes.hero}>
          <Container size="md" py={{ base: 56, sm: 96 }}>
            <Stack align="center" ta="center" gap="lg">
              <Text c="brand.6" fw={700} tt="uppercase" fz="sm" lts={1}>
                {t('hero.eyebrow')}
              </Text>
              <Title order={1} fz={{ base: 32, sm: 48 }} lh={1.1} maw={760}>
                {t('hero.title')}
              </Title>
              <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" maw={620}>
                {t('hero.lead')}
              </Text>
              <Group justify="center" gap="sm">
                <Button component="a" href={loginUrl} size="lg" rightSection={<Icon name="chevronRight" size={18} />}>
                  {t('hero.cta')}
                </Button>
                {instant && (
                  <Button component="a" href={`${instant.base}login.html`} size="lg" variant="default">
                    {t('hero.instantCta')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Container>
        </section>
        <Container size="xl" py={{ base: 48, sm: 80 }}>
          <Title order={2} ta="center" fz={{ base: 24, sm: 32 }} mb={{ base: 'xl', sm: 48 }}>
            {t('features.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
            {FEATURES.map((feature) => (
              <Paper key={feature.key} withBorder radius="lg" p="lg">
                <ThemeIcon size={44} radius="md" variant="light" mb="md">
                  <Icon name={feature.icon} size={22} />
                </ThemeIcon>
                <Title order={3} fz="lg" mb={6}>
                  {t(`features.${feature.key}.title`)}
                </Title>
                <Text fz="sm" c="dimmed" lh={1.55}>
                  {t(`features.${feature.key}.text`)}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Container>
      </main>
      <footer className={classes.footer}>
        <Container size="xl">
          <Group justify="space-between" py="lg" gap="sm">
            <Text fz="sm" c="dimmed">
              {t('footer.tagline')}
            </Text>
            <Anchor href={loginUrl} fz="sm">
              {t('nav.signIn')}
            </Anchor>
          </Group>
        </Container>
      </footer>
    </Box>
  );
}
