import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/api-error.ts';
import { splitServerErrors } from './journey-errors.ts';

const FIELDS = ['name', 'access_from', 'access_till', 'modules', 'questionnaire'] as const;

describe('server errors on the journey form', () => {
  it("puts the server's field messages under their fields and needs no extra message", () => {
    const error = new ApiError(400, {
      detail: 'Invalid input',
      code: 'validation_error',
      errors: { access_till: ['The end date is before the start date.'], 'questionnaire.engagement_id': ['No such journey.'], 'modules.1': ['Unknown module.'] },
    });
    expect(splitServerErrors(error, FIELDS)).toEqual({
      byField: { access_till: 'The end date is before the start date.', questionnaire: 'No such journey.', modules: 'Unknown module.' },
      general: false,
    });
  });

  it('shows an error without field messages on its own (409, 403)', () => {
    const error = new ApiError(409, { detail: 'The journey is not finished yet.', code: 'journey_not_finished' });
    expect(splitServerErrors(error, FIELDS)).toEqual({ byField: {}, general: true });
  });

  it('shows a field error the form has no field for on its own too', () => {
    const error = new ApiError(400, { detail: 'Invalid input', code: 'validation_error', errors: { organization: ['Wrong.'], name: ['Too long.'] } });
    expect(splitServerErrors(error, FIELDS)).toEqual({ byField: { name: 'Too long.' }, general: true });
  });

  it('has nothing to show without an error', () => {
    expect(splitServerErrors(null, FIELDS)).toEqual({ byField: {}, general: false });
  });
});
