import { ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CodeBadges } from '../code-badges.tsx';
import type { TRetentionPageContext } from '../retention-layout.tsx';
import { RiskLevelBadge } from '../risk-level-badge.tsx';
import { EmptyList } from './empty-list.tsx';

export function KeyPeopleTable({ data, lookups }: TRetentionPageContext) {
  const { t } = useTranslation('retention');
  const people = [...data.results.key_people_in_danger].sort((a, b) => b.risk_level - a.risk_level || lookups.employeeName(a.employee).localeCompare(lookups.employeeName(b.employee)));
  if (people.length === 0) return <EmptyList />;
  return (
    <ScrollArea type="auto">
      <Table striped highlightOnHover miw={820} data-testid="key-people-in-danger">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('risks.keyPeople.employee')}</Table.Th>
            <Table.Th>{t('riskLevel.label')}</Table.Th>
            <Table.Th>{t('risks.keyPeople.keyRoles')}</Table.Th>
            <Table.Th>{t('risks.keyPeople.groupRoles')}</Table.Th>
            <Table.Th>{t('risks.keyPeople.factors')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => {
            const employee = lookups.employeeById.get(person.employee);
            return (
              <Table.Tr key={person.employee} data-testid="key-person-row">
                <Table.Td>
                  <Text fw={600} fz="sm">
                    {employee?.name ?? '–'}
                  </Text>
                  {employee && (
                    <Text fz="xs" c="dimmed">
                      {lookups.unitName(employee.unit)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <RiskLevelBadge level={person.risk_level} explanations={data.explanations} />
                </Table.Td>
                <Table.Td>
                  <CodeBadges kind="keyRoles" codes={person.key_roles} explanations={data.explanations} />
                </Table.Td>
                <Table.Td>
                  <CodeBadges kind="groupRoles" codes={person.group_roles} explanations={data.explanations} />
                </Table.Td>
                <Table.Td>
                  <CodeBadges kind="riskFactors" codes={person.risk_factors} explanations={data.explanations} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
