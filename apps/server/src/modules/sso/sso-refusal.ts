import { ApiError } from '../../errors/api-error.ts';
import type { MessageKey } from '../../i18n/translate.ts';

/**
 * A sign-in round the product refuses: `code` is stable (tests and the settings page's test read
 * it), the message a locale key, and `reason` the technical detail for the administrator's log
 * line (never shown to the person signing in, except in an administrator's connection test).
 */
export class SsoRefusal extends Error {
  constructor(
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly details: { reason?: string; domain?: string } = {},
  ) {
    super(code);
  }

  toApiError(): ApiError {
    return new ApiError(400, this.code, this.messageKey, undefined, this.details.domain ? { domain: this.details.domain } : {});
  }
}
