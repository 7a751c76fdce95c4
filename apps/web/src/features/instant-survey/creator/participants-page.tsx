import { ActionIcon, Alert, Button, Card, Group, List, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInstantSurvey } from '@ona/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../../shared/api/api-error.ts';
import { notify } from '../../../shared/notifications/notify.ts';
import { useRoutePath } from '../../../shared/routing/route-set-context.tsx';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { groupsQuery, INSTANT_KEY, saveAndStartSurvey, saveSurvey, usersQuery } from '../instant-survey-api.ts';
import { useCreatorStore } from './creator-store.ts';
import { checkParticipants, checkQuestions, draftKey, emptyParticipant, offersSaveAndStart, searchPeople, toSurveyInput, type TParticipantProblem } from './draft-rules.ts';
import { SHOW_QUESTION_PROBLEMS } from './show-question-problems.ts';
import { useSelectSearch } from './use-select-search.ts';

/** Creator step two: who takes part; then save, or save and start. */
export function ParticipantsPage() {
  const { t } = useTranslation(['instantSurvey', 'common']);
  useDocumentTitle(t('common:documentTitle', { page: t('creator.stepParticipants') }));
  const path = useRoutePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const draft = useCreatorStore((state) => state.draft);
  const change = useCreatorStore((state) => state.change);
  const markSaved = useCreatorStore((state) => state.markSaved);
  const users = useQuery(usersQuery());
  const groups = useQuery(groupsQuery());
  const groupSearch = useSelectSearch();
  // Checked live once the host tried to save, so a fixed row loses its message at once.
  const [checking, setChecking] = useState(false);
  const problems = checking ? checkParticipants(draft) : new Map<string, TParticipantProblem[]>();
  const [search, setSearch] = useState('');

  // The draft the last save sent: the server's complaint about it stops showing once the draft changes.
  const sentDraft = useRef(draft);
  const save = useMutation<TInstantSurvey, ApiError, boolean>({
    mutationFn: (andStart) => {
      sentDraft.current = draft;
      const input = toSurveyInput(draft);
      return andStart ? saveAndStartSurvey(input) : saveSurvey(input);
    },
    onSuccess: (survey, andStart) => {
      markSaved();
      void queryClient.invalidateQueries({ queryKey: [INSTANT_KEY] });
      notify('success', andStart ? t('creator.savedAndStarted') : t('creator.saved'));
      void navigate(path(`surveys/${survey.id}/answers.html`));
    },
  });

  const submit = (andStart: boolean) => {
    if (checkQuestions(draft)) {
      // The questions step shows what is wrong at once: sent back without a word, the host would not know why.
      void navigate(path('surveys/new/questions.html'), { state: SHOW_QUESTION_PROBLEMS });
      return;
    }
    setChecking(true);
    if (checkParticipants(draft).size === 0) save.mutate(andStart);
  };

  const addPeople = (people: { name: string; email: string | null }[]) =>
    change((d) => {
      const kept = d.participants.filter((p) => p.name.trim() || p.email.trim());
      const known = new Set(kept.map((p) => `${p.name}|${p.email}`));
      const fresh = people.filter((p) => !known.has(`${p.name}|${p.email ?? ''}`)).map((p) => ({ key: draftKey('p'), name: p.name, email: p.email ?? '' }));
      return { ...d, participants: [...kept, ...fresh] };
    });

  const found = searchPeople(users.data ?? [], search);
  const problemText: Record<TParticipantProblem, string> = {
    nameIfEmail: t('validation.nameIfEmail'),
    email: t('validation.invalidEmail'),
  };
  const saveError = save.error && sentDraft.current === draft ? save.error : null;
  const serverErrors = saveError?.errors ? Object.values(saveError.errors).flat() : [];

  return (
    <Stack gap="lg">
      <Text c="dimmed" fz="sm">
        {t('creator.participantsHint')}
      </Text>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          {draft.participants.map((participant, index) => {
            const rowProblems = problems.get(participant.key) ?? [];
            return (
              <Group key={participant.key} align="flex-start" gap="xs" wrap="wrap" data-testid="participant-row">
                <TextInput
                  style={{ flex: '1 1 180px' }}
                  aria-label={`${t('creator.name')} ${index + 1}`}
                  placeholder={t('creator.name')}
                  value={participant.name}
                  error={rowProblems.filter((p) => p !== 'email').map((p) => problemText[p]).join(' ') || null}
                  onChange={(e) => {
                    const name = e.currentTarget.value;
                    change((d) => ({ ...d, participants: d.participants.map((p) => (p.key === participant.key ? { ...p, name } : p)) }));
                  }}
                />
                <TextInput
                  style={{ flex: '1 1 220px' }}
                  aria-label={`${t('creator.email')} ${index + 1}`}
                  placeholder={t('creator.email')}
                  type="email"
                  value={participant.email}
                  error={rowProblems.includes('email') ? problemText.email : null}
                  onChange={(e) => {
                    const email = e.currentTarget.value;
                    change((d) => ({ ...d, participants: d.participants.map((p) => (p.key === participant.key ? { ...p, email } : p)) }));
                  }}
                />
                <ActionIcon variant="subtle" color="red" mt={6} aria-label={t('creator.removeParticipant')} onClick={() => change((d) => ({ ...d, participants: d.participants.filter((p) => p.key !== participant.key) }))}>
                  ×
                </ActionIcon>
              </Group>
            );
          })}
          <Button variant="light" w="fit-content" onClick={() => change((d) => ({ ...d, participants: [...d.participants, emptyParticipant()] }))}>
            {t('creator.addParticipant')}
          </Button>
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Text fw={600}>{t('creator.addFromUsers')}</Text>
          <TextInput label={t('creator.searchUsers')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
          {search.trim() && found.tooShort && <Text fz="sm" c="dimmed">{t('validation.searchMinLength')}</Text>}
          {!found.tooShort && found.matches.length === 0 && <Text fz="sm" c="dimmed">{t('validation.searchNoResults')}</Text>}
          <Group gap="xs">
            {found.matches.map((user) => (
              <Button key={user.id} size="xs" variant="default" onClick={() => addPeople([user])}>
                + {user.name}
              </Button>
            ))}
          </Group>
          {(groups.data ?? []).length > 0 && (
            <Select
              label={t('creator.addGroup')}
              {...groupSearch}
              value={null}
              data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
              onChange={(value) => {
                const group = groups.data?.find((g) => String(g.id) === value);
                if (group) addPeople(group.users);
                groupSearch.onSearchChange('');
              }}
            />
          )}
        </Stack>
      </Card>
      {(problems.size > 0 || saveError) && (
        <Alert color="red" variant="light" role="alert" data-testid="participants-error">
          <List size="sm" spacing={4}>
            {problems.size > 0 && <List.Item>{t('validation.participantsInvalid')}</List.Item>}
            {saveError && (serverErrors.length > 0 ? serverErrors.map((message) => <List.Item key={message}>{message}</List.Item>) : <List.Item>{errorMessage(saveError)}</List.Item>)}
          </List>
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={() => void navigate(path('surveys/new/questions.html'))}>
          {t('creator.back')}
        </Button>
        <Group gap="sm">
          <Button variant="light" loading={save.isPending && save.variables === false} onClick={() => submit(false)}>
            {t('creator.save')}
          </Button>
          {offersSaveAndStart(draft) && (
            <Button loading={save.isPending && save.variables === true} onClick={() => submit(true)}>
              {t('creator.saveAndStart')}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
