import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from './icon.tsx';

type TPageHeaderProps = {
  title: string;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
};

export function PageHeader({ title, subtitle, back, actions }: TPageHeaderProps) {
  return (
    <Stack gap={6} mb="xl">
      {back && (
        <Anchor component={Link} to={back.to} fz="sm" c="dimmed" w="fit-content" data-print="hide">
          <Group gap={4} wrap="nowrap">
            <Icon name="arrowLeft" size={16} />
            {back.label}
          </Group>
        </Anchor>
      )}
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" fz="sm" component="div">
              {subtitle}
            </Text>
          )}
        </Stack>
        {actions && <div data-print="hide">{actions}</div>}
      </Group>
    </Stack>
  );
}
