import { Accordion, Alert, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TWaveComparison, TWavePersonRef } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { formatFigure } from './then-now.ts';

const FLOW = ['then', 'now', 'stayed', 'joined', 'left'] as const;

function PeopleList({ people, testId }: { people: readonly TWavePersonRef[]; testId: string }) {
  const { t } = useTranslation('waveComparison');
  if (people.length === 0) return <Text fz="sm" c="dimmed">{t('summary.nobody')}</Text>;
  return (
    <List fz="sm" spacing={2} data-testid={testId} data-count={people.length} style={{ columns: '14rem auto' }}>
      {people.map((person) => (
        <List.Item key={`${person.then_id ?? ''}:${person.now_id ?? ''}`}>{person.name}</List.Item>
      ))}
    </List>
  );
}

/** Head counts then and now, who joined and who left, and what the network of all work questions lost. */
export function ComparisonSummary({ data }: { data: TWaveComparison }) {
  const { t, i18n } = useTranslation('waveComparison');
  const { people } = data.change;
  const work = data.change.networks.find((network) => network.key === 'work');
  return (
    <Stack gap="sm" data-testid="compare-summary">
      <Title order={2} fz="lg">
        {t('summary.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        {FLOW.map((key) => (
          <Paper key={key} withBorder p="sm" radius="md" data-testid={`compare-people-${key}`} data-value={people[key]}>
            <Text fz="xs" c="dimmed">
              {t(`summary.${key}`)}
            </Text>
            <Text fz="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatFigure(people[key], 'count', i18n.language)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {people.unmatched_then + people.unmatched_now > 0 && (
        <Text fz="sm" c="dimmed" data-testid="compare-unmatched">
          {t('summary.unmatched', { then: people.unmatched_then, now: people.unmatched_now })}
        </Text>
      )}
      <Accordion variant="contained" radius="md" multiple>
        <Accordion.Item value="joined">
          <Accordion.Control>{t('summary.joinedList', { count: data.change.joined.length })}</Accordion.Control>
          <Accordion.Panel>
            <PeopleList people={data.change.joined} testId="compare-joined-list" />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="left">
          <Accordion.Control>{t('summary.leftList', { count: data.change.left.length })}</Accordion.Control>
          <Accordion.Panel>
            <PeopleList people={data.change.left} testId="compare-left-list" />
          </Accordion.Panel>
        </Accordion.Item>
        {work && !work.withheld && (
          <Accordion.Item value="isolates">
            <Accordion.Control>{t('summary.isolatesList', { count: work.new_isolates.length })}</Accordion.Control>
            <Accordion.Panel>
              <PeopleList people={work.new_isolates} testId="compare-isolates-list" />
            </Accordion.Panel>
          </Accordion.Item>
        )}
        {work?.bridges_lost && (
          <Accordion.Item value="bridges">
            <Accordion.Control>{t('summary.bridgesList', { count: work.bridges_lost.length, total: work.bridges_then ?? 0 })}</Accordion.Control>
            <Accordion.Panel>
              {work.bridges_lost.length === 0 ? (
                <Text fz="sm" c="dimmed">{t('summary.nobody')}</Text>
              ) : (
                <List fz="sm" spacing={2} data-testid="compare-bridges-list">
                  {work.bridges_lost.map((bridge) => (
                    <List.Item key={`${bridge.a.name}|${bridge.b.name}`}>
                      {t(`summary.bridge.${bridge.reason}`, { a: bridge.a.name, b: bridge.b.name })}
                    </List.Item>
                  ))}
                </List>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        )}
      </Accordion>
      {(data.change.questions_only_then.length > 0 || data.change.questions_only_now.length > 0) && (
        <Alert color="gray" variant="light" data-testid="compare-questions-only">
          {t('summary.questionsOnly', { then: data.change.questions_only_then.join(', ') || '–', now: data.change.questions_only_now.join(', ') || '–' })}
        </Alert>
      )}
    </Stack>
  );
}
