import { Badge, Tooltip } from '@mantine/core';
import type { TRoleDescription } from './role-labels.ts';

/** A role as a badge; hovering or focusing it shows the manager sentence of the role. */
export function RoleBadge({ kind, description }: { kind: 'key' | 'group'; description: TRoleDescription }) {
  const badge = (
    <Badge variant="light" color={kind === 'key' ? 'orange' : 'grape'} size="sm" tabIndex={description.explanation ? 0 : undefined} style={{ textTransform: 'none' }}>
      {description.label}
    </Badge>
  );
  if (!description.explanation) return badge;
  return (
    <Tooltip label={description.explanation} multiline w={280} withArrow openDelay={150}>
      {badge}
    </Tooltip>
  );
}
