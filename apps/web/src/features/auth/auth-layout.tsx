import { Box, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../shared/i18n/language-switcher.tsx';
import { BrandLogo, BrandMark } from '../../shared/ui/brand-mark.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import classes from './auth-layout.module.css';
import { MAIN_CONTENT_ID } from '../../shared/ui/skip-link.tsx';

/** Split screen: the product's promise on the left (wide screens only), the form on the right. */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <div className={classes.layout}>
      <aside className={classes.showcase} aria-hidden="true">
        <Group gap={12}>
          <BrandLogo size={40} />
          <Text fw={700} fz={22} c="white">
            {t('common:brand.name')}
          </Text>
        </Group>
        <Stack gap="lg" maw={420}>
          <Title order={2} c="white" fz={34} lh={1.2}>
            {t('showcase.headline')}
          </Title>
          <List
            spacing="md"
            c="brand.0"
            icon={
              <ThemeIcon size={24} radius="xl" color="white" c="brand.7">
                <Icon name="check" size={14} stroke={2.5} />
              </ThemeIcon>
            }
          >
            <List.Item>{t('showcase.point1')}</List.Item>
            <List.Item>{t('showcase.point2')}</List.Item>
            <List.Item>{t('showcase.point3')}</List.Item>
          </List>
        </Stack>
        <Text fz="xs" c="brand.1">
          {t('showcase.footer')}
        </Text>
      </aside>
      <main className={classes.main} id={MAIN_CONTENT_ID}>
        <Group justify="space-between" className={classes.topBar}>
          <Box hiddenFrom="md">
            <BrandMark />
          </Box>
          <Box ml="auto">
            <LanguageSwitcher />
          </Box>
        </Group>
        <div className={classes.center}>
          <Paper className={classes.card} maw={wide ? 760 : 440} withBorder radius="lg" p={{ base: 'lg', xs: 'xl' }} shadow="sm">
            {children}
          </Paper>
        </div>
      </main>
    </div>
  );
}
