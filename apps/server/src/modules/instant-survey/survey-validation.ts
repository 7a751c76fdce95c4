import { z } from 'zod';
import { INSTANT_MIN_OPTIONS, OPTION_QUESTION_TYPES, type ZInstantSurveyInput } from '@ona/contracts';
import { ApiError, type FieldErrors } from '../../errors/api-error.ts';

export type TSurveyInput = z.output<typeof ZInstantSurveyInput>;

const isEmail = (value: string) => z.email().safeParse(value).success;

/**
 * The creator's rules of instant-survey-and-site.md §5, word for word in the request's language.
 * The client drops empty participants and unlabelled questions before sending; whatever still
 * breaks a rule here is refused whole with every problem listed.
 */
export function validateSurveyInput(input: TSurveyInput): void {
  const errors: FieldErrors = {};
  const params: Record<string, string> = {};
  if (!input.title.trim()) errors.title = ['instant.errors.title_required'];

  const unlabelled: number[] = [];
  const fewOptions: number[] = [];
  input.questions.forEach((question, index) => {
    if (!question.label.trim()) unlabelled.push(index + 1);
    const labelled = question.options.filter((option) => option.label.trim());
    if (OPTION_QUESTION_TYPES.includes(question.type) && labelled.length < INSTANT_MIN_OPTIONS) fewOptions.push(index + 1);
  });
  if (input.questions.length === 0 || unlabelled.length > 0) {
    errors.questions = ['instant.errors.questions_invalid'];
    if (unlabelled.length > 0) {
      errors.questions.push('instant.errors.label_missing');
      params.labels = unlabelled.join(', ');
    }
  }
  if (fewOptions.length > 0) {
    errors.options = ['instant.errors.options_missing', 'instant.errors.check_options'];
    params.options = fewOptions.join(', ');
  }

  input.participants.forEach((participant, index) => {
    const problems: FieldErrors[string] = [];
    const email = participant.email?.trim() ?? '';
    if (!participant.name.trim()) problems.push(email ? 'instant.errors.name_if_email' : 'instant.errors.participant_name');
    if (email && !isEmail(email)) problems.push('errors.invalid_email');
    if (problems.length > 0) {
      errors.participants ??= ['instant.errors.participants_invalid'];
      errors[`participants.${index}`] = problems;
    }
  });

  if (Object.keys(errors).length > 0) throw new ApiError(400, 'validation_error', 'errors.validation_failed', errors, params);
}

/** A user of the host's list: the name is required; an e-mail, when given, must look like one. */
export function validatePerson(input: { name: string; email?: string | null | undefined }): void {
  const email = input.email?.trim() ?? '';
  if (email && !isEmail(email)) throw new ApiError(400, 'validation_error', 'errors.validation_failed', { email: ['errors.invalid_email'] });
}
