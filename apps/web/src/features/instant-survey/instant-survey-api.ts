import { apiRequest, type TSchema } from '../../shared/api/api-client.ts';

/**
 * What the client needs of the answer to `login-with-survey-code` ("survey and optional user").
 * packages/contracts has no schema for it yet; this guard reads only the survey's id.
 */
export type TSurveyCodeLogin = { survey: { id: number } };

const ZSurveyCodeLogin: TSchema<TSurveyCodeLogin> = {
  parse(input) {
    if (typeof input === 'object' && input !== null && 'survey' in input) {
      const survey: unknown = input.survey;
      if (typeof survey === 'object' && survey !== null && 'id' in survey && typeof survey.id === 'number') {
        return { survey: { id: survey.id } };
      }
    }
    throw new TypeError('Unexpected answer to login-with-survey-code');
  },
};

export function loginWithSurveyCode(surveyCode: string): Promise<TSurveyCodeLogin> {
  return apiRequest('/instant-survey/surveys/login-with-survey-code/', ZSurveyCodeLogin, {
    method: 'POST',
    body: { survey_code: surveyCode },
    anonymous: true,
  });
}
