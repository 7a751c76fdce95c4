import { Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../shared/api/api-error.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { loginWithSurveyCode, type TSurveyCodeLogin } from './instant-survey-api.ts';
import { checkSurveyCode, type TSurveyCodeProblem } from './survey-code.ts';

/** Participants join with the code alone, no account (instant-survey-and-site.md §1). */
export function SurveyCodeForm() {
  const { t } = useTranslation(['instantSurvey', 'common']);
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const path = useRoutePath();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<TSurveyCodeProblem | null>(null);
  const join = useMutation<TSurveyCodeLogin, ApiError, string>({
    mutationFn: loginWithSurveyCode,
    // The code travels in the link: the join page needs it, and a reload or a shared link keeps working.
    onSuccess: ({ survey }, typed) => void navigate(`${path(`take-survey/${survey.id}.html`)}?${new URLSearchParams({ code: typed.trim().toUpperCase() }).toString()}`),
  });

  const problemText: Record<TSurveyCodeProblem, string> = {
    required: t('common:validation.required'),
    length: t('code.length'),
    specialCharacters: t('code.specialCharacters'),
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkSurveyCode(code);
    setProblem(found);
    if (!found) join.mutate(code.trim());
  };

  // A code no survey has: the server's own words ("There is no open survey with this code"), not the
  // generic "could not find what you were looking for". A closed survey's code opens its join page,
  // which says that it has closed.
  const joinError = join.error ? (join.error.code === 'survey_not_found' ? join.error.detail : errorMessage(join.error)) : null;
  const error = problem ? problemText[problem] : joinError;
  return (
    <form onSubmit={submit} noValidate aria-label={t('code.title')}>
      <Stack gap="md">
        <TextInput
          label={t('code.label')}
          placeholder={t('code.placeholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          value={code}
          error={error}
          styles={{ input: { letterSpacing: '0.12em', fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            if (problem) setProblem(null);
          }}
        />
        <Button type="submit" size="md" fullWidth loading={join.isPending}>
          {t('code.join')}
        </Button>
      </Stack>
    </form>
  );
}
