import { Badge } from '@mantine/core';
import type { TAccessLevel } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import type { TSharedLevel } from './mixed-level.ts';

export const LEVEL_COLORS: Record<TSharedLevel, string> = {
  no_access: 'gray',
  module_disabled: 'dark',
  self_only: 'blue',
  subtree: 'grape',
  all_access: 'teal',
  mixed: 'yellow',
};

export function AccessLevelBadge({ level }: { level: TAccessLevel | TSharedLevel }) {
  const { t } = useTranslation('admin');
  return (
    <Badge variant="light" color={LEVEL_COLORS[level]} tt="none" fw={500} data-level={level}>
      {t(`levels.${level}`)}
    </Badge>
  );
}
