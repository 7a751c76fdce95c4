import { Alert, Button, Divider, Group, Paper, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { TEngagement, TJourneyCreate } from '@ona/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ApiError } from '../../shared/api/api-error.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { localToday } from '../engagements/engagement-period.ts';
import { engagementQuery, engagementsQuery } from '../engagements/engagements-api.ts';
import { splitServerErrors } from './journey-errors.ts';
import { JourneyFields, useProblemText } from './journey-fields.tsx';
import {
  checkJourneyForm,
  checkQuestionnaire,
  defaultJourneyLanguage,
  hasProblems,
  newJourneyValues,
  toCreatePayload,
  type TJourneyField,
  type TJourneyFormValues,
  type TQuestionnaireChoice,
} from './journey-form.ts';
import { archivedEngagementsQuery, canAdministerJourneys, createJourney, refreshJourneys } from './journeys-api.ts';
import { QuestionnaireChoice } from './questionnaire-choice.tsx';

const FIELDS: readonly TJourneyField[] = ['name', 'access_from', 'access_till', 'default_language', 'modules', 'questionnaire'];

/** engagements/new.html: an engagement admin sets up a journey; its admin menu comes next. */
export function NewJourneyPage() {
  const { t, i18n } = useTranslation(['journeys', 'common']);
  const path = useRoutePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const problemText = useProblemText();
  const user = useAuthStore((state) => state.user);
  const allowed = canAdministerJourneys(user);
  const organizationId = user?.organization.id ?? 0;
  useDocumentTitle(t('common:documentTitle', { page: t('new.title') }));

  const today = useMemo(() => localToday(), []);
  // A new journey starts in the organisation's language (its settings; the profile carries it).
  const [values, setValues] = useState<TJourneyFormValues>(() => newJourneyValues(today, defaultJourneyLanguage(user?.organization.default_language, i18n.language)));
  const [questionnaire, setQuestionnaire] = useState<TQuestionnaireChoice>({ source: 'default' });
  const [submitted, setSubmitted] = useState(false);

  // Any journey may lend its questionnaire, the archived ones too (they are kept for waves).
  const current = useQuery({ ...engagementsQuery(organizationId), enabled: allowed });
  const archived = useQuery({ ...archivedEngagementsQuery(organizationId), enabled: allowed });
  const earlier = useMemo(() => [...(current.data ?? []), ...(archived.data ?? [])], [current.data, archived.data]);

  const create = useMutation<TEngagement, ApiError, TJourneyCreate>({
    mutationFn: createJourney,
    onSuccess: async (journey) => {
      notify('success', t('new.created', { name: journey.name }));
      // The answer is the journey as GET gives it: its pages open without another round trip.
      queryClient.setQueryData(engagementQuery(organizationId, journey.id).queryKey, journey);
      await refreshJourneys(queryClient, organizationId);
      void navigate(path(`engagements/${journey.id}/admin.html`));
    },
  });

  const problems = submitted ? { ...checkJourneyForm(values, today, true), ...checkQuestionnaire(questionnaire) } : {};
  const server = splitServerErrors(create.error, FIELDS);
  const back = { to: path('engagements/list.html'), label: t('common:nav.journeys') };

  if (!allowed) {
    return (
      <>
        <PageHeader title={t('new.title')} back={back} />
        <Alert color="yellow" variant="light" role="alert">
          {t('new.notAllowed')}
        </Alert>
      </>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasProblems({ ...checkJourneyForm(values, today, true), ...checkQuestionnaire(questionnaire) })) return;
    create.mutate(toCreatePayload(values, questionnaire));
  };

  return (
    <>
      <PageHeader title={t('new.title')} subtitle={t('new.subtitle')} back={back} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={760}>
        <form onSubmit={submit} noValidate aria-label={t('new.title')} data-testid="new-journey-form">
          <Stack gap="lg">
            <JourneyFields
              values={values}
              onChange={(patch) => setValues((previous) => ({ ...previous, ...patch }))}
              problems={problems}
              serverErrors={server.byField}
              disabled={create.isPending}
            />
            <Divider />
            <QuestionnaireChoice
              value={questionnaire}
              onChange={setQuestionnaire}
              journeys={earlier}
              loaded={current.isSuccess && archived.isSuccess}
              error={problemText(problems.questionnaire) ?? server.byField.questionnaire ?? null}
            />
            {create.error && server.general && (
              <Alert color="red" variant="light" role="alert" data-testid="journey-error">
                {errorMessage(create.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to={back.to} variant="default">
                {t('new.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="journey-submit">
                {t('new.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
