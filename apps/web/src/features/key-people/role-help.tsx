import { Accordion, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icon.tsx';
import type { TRoleChoice } from './key-people-filter.ts';
import { parseRoleChoice, type TRoleDescription } from './role-labels.ts';
import { RoleBadge } from './role-badge.tsx';

type TRoleHelpProps = { roles: readonly { choice: TRoleChoice; count: number }[]; describe: (choice: TRoleChoice) => TRoleDescription };

/** "What the roles mean": every role someone holds, with the API's manager sentence, folded away by default. */
export function RoleHelp({ roles, describe }: TRoleHelpProps) {
  const { t } = useTranslation('keyPeople');
  const keyRoles = roles.filter((role) => parseRoleChoice(role.choice).kind === 'key');
  const groupRoles = roles.filter((role) => parseRoleChoice(role.choice).kind === 'group');
  const section = (title: string, list: typeof roles, kind: 'key' | 'group') =>
    list.length > 0 && (
      <Stack gap={6}>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
          {title}
        </Text>
        {list.map(({ choice }) => {
          const description = describe(choice);
          return (
            <Group key={choice} gap="sm" wrap="nowrap" align="flex-start" data-testid={`role-help-${choice.replace(':', '-')}`}>
              <div style={{ flex: '0 0 150px' }}>
                <RoleBadge kind={kind} description={{ label: description.label, explanation: null }} />
              </div>
              <Text fz="sm">{description.explanation ?? ''}</Text>
            </Group>
          );
        })}
      </Stack>
    );
  return (
    <Accordion variant="contained" radius="md" mb="md" data-testid="role-help">
      <Accordion.Item value="roles">
        <Accordion.Control icon={<Icon name="help" size={18} />}>{t('help.title')}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="md">
            {section(t('help.keyRoles'), keyRoles, 'key')}
            {section(t('help.groupRoles'), groupRoles, 'group')}
            {groupRoles.length > 0 && (
              <Text fz="xs" c="dimmed">
                {t('help.groupRolesNote')}
              </Text>
            )}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
