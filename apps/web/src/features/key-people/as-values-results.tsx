import { Alert, Badge, Group, Pagination, Paper, Progress, ScrollArea, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import type { TKeyPeopleAsValues } from '@ona/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { formatDensity, rankTargets } from './as-values-query.ts';
import { pageCount, pageSlice } from '../../shared/ui/page-slice.ts';
import { useWithheldReasonText } from '../../shared/ui/withheld-reason-note.tsx';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={24} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** The answer of the as-values call: group sizes, per-question nominations and density, ranked targets. */
export function AsValuesResults({ values }: { values: TKeyPeopleAsValues }) {
  const { t, i18n } = useTranslation('keyPeople');
  const reasonText = useWithheldReasonText();
  const locale = activeLocale();
  const [page, setPage] = useState(1);
  const ranked = useMemo(() => rankTargets(values, i18n.language), [values, i18n.language]);
  const current = pageSlice(ranked, page);
  const kind = (code: string) => t(`kinds.${code}`, { defaultValue: code });
  const number = (value: number) => formatNumber(value, locale);
  const total = values.withheld ? null : values.questions.reduce((sum, question) => sum + (question.nominations ?? 0), 0);
  const maxDensity = Math.max(0, ...values.questions.map((question) => question.density ?? 0));

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Figure label={t('values.sourceCount')} value={number(values.source_count)} testId="as-values-source-count" />
        <Figure label={t('values.targetCount')} value={number(values.target_count)} testId="as-values-target-count" />
        <Figure label={t('values.totalNominations')} value={total === null ? '–' : number(total)} testId="as-values-total" />
      </SimpleGrid>
      {values.withheld && (
        <Alert color="yellow" variant="light" title={t('values.withheldTitle')} data-testid="as-values-withheld" data-reason={values.withheld_reason?.code}>
          <Text fz="sm">{reasonText(values.withheld_reason) ?? t('values.withheldMessage')}</Text>
        </Alert>
      )}
      <Paper withBorder radius="lg" p="md">
        <Title order={3} fz="md" mb="sm">
          {t('values.questionsTitle')}
        </Title>
        <ScrollArea type="auto">
          <Table miw={560} striped data-testid="as-values-questions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('values.question')}</Table.Th>
                <Table.Th ta="right">{t('values.nominations')}</Table.Th>
                <Table.Th ta="right">{t('values.possiblePairs')}</Table.Th>
                <Table.Th>
                  <Tooltip label={t('values.densityHelp')} multiline w={240}>
                    <span tabIndex={0}>{t('values.density')}</span>
                  </Tooltip>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.questions.map((question) => {
                return (
                  <Table.Tr key={question.question_id} data-testid="as-values-question-row" data-question-id={question.question_id}>
                    <Table.Td>{kind(question.kind)}</Table.Td>
                    <Table.Td ta="right" data-testid="as-values-question-nominations">
                      {question.nominations === null ? '–' : number(question.nominations)}
                    </Table.Td>
                    <Table.Td ta="right">{number(question.possible_pairs)}</Table.Td>
                    <Table.Td miw={180}>
                      {question.density === null ? (
                        <Text c="dimmed">–</Text>
                      ) : (
                        <Group gap="xs" wrap="nowrap">
                          <Progress value={maxDensity > 0 ? ((question.density ?? 0) / maxDensity) * 100 : 0} w={90} size="sm" aria-hidden="true" />
                          <Text fz="sm" data-testid="as-values-question-density">
                            {formatDensity(question.density, i18n.language)}
                          </Text>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>
      {!values.withheld && (
        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="md" mb="sm">
            {t('values.targetsTitle')}
          </Title>
          {ranked.length === 0 ? (
            <Text c="dimmed" data-testid="as-values-no-targets">
              {t('values.noTargets')}
            </Text>
          ) : (
            <>
              <ScrollArea type="auto">
                <Table miw={560} striped highlightOnHover data-testid="as-values-targets">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={70}>{t('values.rank')}</Table.Th>
                      <Table.Th>{t('values.employee')}</Table.Th>
                      <Table.Th ta="right">{t('values.received')}</Table.Th>
                      <Table.Th>{t('values.namedMostOn')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {current.rows.map((target) => (
                      <Table.Tr key={target.employee.id} data-testid="as-values-target-row" data-employee-id={target.employee.id}>
                        <Table.Td>{target.rank}</Table.Td>
                        <Table.Td fw={500}>{target.employee.name}</Table.Td>
                        <Table.Td ta="right" data-testid="as-values-target-total">
                          {number(target.total)}
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4}>
                            {target.topQuestions.map((question) => (
                              <Badge key={question.questionId} variant="light" color="gray" size="sm" style={{ textTransform: 'none' }}>
                                {kind(question.kind)} · {number(question.count)}
                              </Badge>
                            ))}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
              {pageCount(ranked.length) > 1 && (
                <Group justify="center" mt="md">
                  <Pagination total={pageCount(ranked.length)} value={current.page} onChange={setPage} data-testid="as-values-pages" />
                </Group>
              )}
            </>
          )}
        </Paper>
      )}
    </Stack>
  );
}
