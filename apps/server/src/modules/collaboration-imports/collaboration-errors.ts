import { ApiError } from '../../errors/api-error.ts';
import type { MessageKey } from '../../i18n/translate.ts';

/** A file refused whole: nothing of it is stored (docs/collaboration-network.md, "Bad input"). */
export const invalidFile = (key: MessageKey, params: Record<string, string | number> = {}) => new ApiError(400, 'invalid_collaboration_file', key, undefined, params);

export const unpackedTooLarge = () => new ApiError(413, 'collaboration_file_too_large', 'collaboration.errors.unpacked_too_large');
