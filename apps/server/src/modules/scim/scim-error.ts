import { SCIM_SCHEMA, type TScimError } from '@ona/contracts';

/** The scimType values of RFC 7644 §3.12 this server answers with. */
export type TScimErrorType = 'invalidFilter' | 'tooMany' | 'uniqueness' | 'mutability' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'invalidValue' | 'invalidVers';

/**
 * A refusal in SCIM's own terms: the SCIM plugin's error handler turns it into an
 * `urn:ietf:params:scim:api:messages:2.0:Error` body. Details stay in English: identity providers
 * log them for their administrators, and no SCIM client sends a language.
 */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?: TScimErrorType,
  ) {
    super(detail);
  }
}

export const scimErrorBody = (status: number, detail: string, scimType?: string): TScimError => ({
  schemas: [SCIM_SCHEMA.error],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
});

export const scimNotFound = (what: string) => new ScimError(404, `${what} not found`);
