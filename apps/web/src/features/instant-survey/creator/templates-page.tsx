import { Badge, Button, Card, Group, List, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { TInstantTemplateQuestion } from '@ona/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRoutePath } from '../../../shared/routing/route-set-context.tsx';
import { CenteredLoader } from '../../../shared/ui/centered-loader.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { customTemplatesQuery, templateGroupsQuery } from '../instant-survey-api.ts';
import { useCreatorStore } from './creator-store.ts';
import { defaultDraft, draftFromTemplate, type TDraft } from './draft-rules.ts';

type TTemplateCard = { key: string; name: string; description?: string; questions: TInstantTemplateQuestion[] };

/** Step zero: a template with a preview, one of the organisation's earlier surveys, or a blank survey. */
export function TemplatesPage() {
  const { t } = useTranslation(['instantSurvey', 'common']);
  useDocumentTitle(t('common:documentTitle', { page: t('creator.templatesTitle') }));
  const path = useRoutePath();
  const navigate = useNavigate();
  const load = useCreatorStore((state) => state.load);
  const groups = useQuery(templateGroupsQuery());
  const custom = useQuery(customTemplatesQuery());
  const [preview, setPreview] = useState<TTemplateCard | null>(null);

  const start = (draft: TDraft) => {
    load(draft);
    void navigate(path('surveys/new/questions.html'));
  };
  const use = (card: TTemplateCard) => start(draftFromTemplate(card.name, card.questions));

  if (groups.isPending) return <CenteredLoader label={t('loading')} />;
  if (groups.isError) return <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />;
  const builtIn: TTemplateCard[] = groups.data.map((g) => ({ key: `g${g.id}`, name: g.name, description: g.description, questions: g.questions }));
  const earlier: TTemplateCard[] = (custom.data ?? []).map((c) => ({ key: `c${c.id}`, name: c.name, questions: c.questions }));

  const cards = (list: TTemplateCard[]) => (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {list.map((card) => (
        <Card key={card.key} withBorder radius="lg" padding="lg" data-testid="template-card">
          <Stack gap="xs" h="100%">
            <Text fw={700}>{card.name}</Text>
            {card.description && (
              <Text fz="sm" c="dimmed">
                {card.description}
              </Text>
            )}
            <Badge variant="light" w="fit-content">
              {t('creator.questionCount', { count: card.questions.length })}
            </Badge>
            <Group mt="auto" pt="sm" gap="xs">
              <Button variant="default" size="xs" onClick={() => setPreview(card)}>
                {t('creator.preview')}
              </Button>
              <Button size="xs" onClick={() => use(card)}>
                {t('creator.use')}
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} fz="lg">
            {t('creator.templatesTitle')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('creator.templatesHint')}
          </Text>
        </div>
        <Button variant="light" onClick={() => start(defaultDraft())}>
          {t('creator.scratch')}
        </Button>
      </Group>
      <Title order={3} fz="md">
        {t('creator.builtIn')}
      </Title>
      {cards(builtIn)}
      {earlier.length > 0 && (
        <>
          <Title order={3} fz="md">
            {t('creator.custom')}
          </Title>
          {cards(earlier)}
        </>
      )}
      <Modal opened={preview !== null} onClose={() => setPreview(null)} title={preview?.name} size="lg">
        {preview && (
          <Stack>
            <List type="ordered" spacing="sm">
              {preview.questions.map((q) => (
                <List.Item key={q.id}>
                  <Text fw={500}>{q.label}</Text>
                  <Text fz="xs" c="dimmed">
                    {t(`questionTypes.${q.type}`)}
                    {q.options.length > 0 ? ` · ${q.options.map((o) => o.label).join(', ')}` : ''}
                  </Text>
                </List.Item>
              ))}
            </List>
            <Group justify="flex-end">
              <Button onClick={() => use(preview)}>{t('creator.use')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
