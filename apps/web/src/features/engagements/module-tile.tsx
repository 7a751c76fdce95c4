import { Badge, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type TIconName } from '../../shared/ui/icon.tsx';
import classes from './engagements.module.css';

type TModuleTileProps = {
  testId: string;
  icon: TIconName;
  title: string;
  description: string;
  /** Absent: the module is disabled for this user, shown greyed and not clickable. */
  to?: string;
  variant?: 'module' | 'admin';
};

export function ModuleTile({ testId, icon, title, description, to, variant = 'module' }: TModuleTileProps) {
  const { t } = useTranslation('engagements');
  const body = (
    <>
      <ThemeIcon className={classes.tileIcon} size={44} radius="md" variant="light" color={to ? undefined : 'gray'}>
        <Icon name={icon} size={22} />
      </ThemeIcon>
      <div className={classes.tileText}>
        <Text fw={600} fz="md" mb={4}>
          {title}
        </Text>
        <Text fz="sm" c="dimmed" lh={1.45}>
          {description}
        </Text>
      </div>
      {!to && (
        <Badge className={classes.tileBadge} variant="default" color="gray" size="sm">
          {t('tiles.unavailable')}
        </Badge>
      )}
    </>
  );
  if (!to) {
    return (
      <div className={classes.tile} data-testid={testId} data-state="disabled" aria-disabled="true" role="group" aria-label={title}>
        {body}
      </div>
    );
  }
  return (
    <Link to={to} className={classes.tile} data-testid={testId} data-state="enabled" data-variant={variant}>
      {body}
    </Link>
  );
}
