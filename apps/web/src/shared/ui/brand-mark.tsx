import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandLogo as PlainBrandLogo } from './brand-logo.tsx';

/** The logo in the theme's brand colour. */
export function BrandLogo({ size = 32 }: { size?: number }) {
  return <PlainBrandLogo size={size} fill="var(--mantine-color-brand-6)" />;
}

export function BrandMark({ hideNameBelow }: { hideNameBelow?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  return (
    <Group gap={10} wrap="nowrap">
      <BrandLogo />
      <Text fw={700} fz="lg" c="dark.8" {...(hideNameBelow ? { visibleFrom: hideNameBelow } : {})}>
        {t('brand.name')}
      </Text>
    </Group>
  );
}
