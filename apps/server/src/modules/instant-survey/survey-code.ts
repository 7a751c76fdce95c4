import { randomInt } from 'node:crypto';
import { INSTANT_SURVEY_CODE_LENGTH } from '@ona/contracts';

// Uppercase letters and digits: codes are read aloud and typed on phones, case never matters.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 9 characters from a CSPRNG (36^9 ≈ 10^14 codes): not guessable in sequence. */
export function newSurveyCode(): string {
  let code = '';
  for (let i = 0; i < INSTANT_SURVEY_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export type TCodeProblem = 'required' | 'length' | 'special_characters';

/** The §5 rules, applied to what a participant typed (spaces around it and case do not matter). */
export function checkSurveyCode(input: string): TCodeProblem | null {
  const code = input.trim();
  if (!code) return 'required';
  if (code.length !== INSTANT_SURVEY_CODE_LENGTH) return 'length';
  if (!/^[A-Za-z0-9]+$/.test(code)) return 'special_characters';
  return null;
}

export const normaliseSurveyCode = (input: string) => input.trim().toUpperCase();
