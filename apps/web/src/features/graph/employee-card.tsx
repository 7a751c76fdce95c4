import { Badge, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { KEY_ROLE_CODES, type TGraphNode } from '@ona/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonCoverageNote } from '../confidence/person-coverage-note.tsx';
import { useEngagementId } from '../engagements/use-engagement.ts';

/**
 * The card of a clicked employee: unit, leader, key roles, answers given and received. Opened from
 * the keyboard it takes the focus; Escape closes it (the graph then takes the focus back).
 */
export function EmployeeCard({ node, onClose, autoFocus = false }: { node: TGraphNode; onClose: () => void; autoFocus?: boolean }) {
  const { t } = useTranslation('graph');
  const engagementId = useEngagementId();
  const roles = KEY_ROLE_CODES.filter((role) => node.key_roles[role]);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (autoFocus) card.current?.focus();
  }, [autoFocus, node.id]);
  return (
    <Paper
      ref={card}
      withBorder
      radius="md"
      p="md"
      shadow="md"
      w={280}
      data-testid="employee-card"
      role="dialog"
      aria-label={node.label}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Text fw={700} data-testid="employee-card-name">
          {node.label}
        </Text>
        <CloseButton size="sm" aria-label={t('card.close')} onClick={onClose} />
      </Group>
      <Stack gap={6}>
        <Row label={t('card.unit')} value={node.organizational_unit || '–'} />
        <Row label={t('card.leader')} value={node.leader_name ?? t('card.noLeader')} />
        <Row label={t('card.given')} value={String(node.given)} testId="employee-card-given" />
        <Row label={t('card.received')} value={String(node.received)} testId="employee-card-received" />
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600} mt={4}>
          {t('card.keyRoles')}
        </Text>
        {roles.length === 0 ? (
          <Text fz="sm">{t('card.noKeyRoles')}</Text>
        ) : (
          <Group gap={4}>
            {roles.map((role) => (
              <Badge key={role} variant="light" color="orange" size="sm">
                {t(`keyRoles.${role}`)}
              </Badge>
            ))}
          </Group>
        )}
        <PersonCoverageNote engagementId={engagementId} employeeId={node.id} module="graph_visualization" />
      </Stack>
    </Paper>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={500} ta="right" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}
