import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.ts';
import type { UploadedWorkbook } from '../uploads/plain-workbook.ts';
import { readWorkbookOffThread } from '../uploads/read-workbook.ts';
import { readSingleFile } from '../uploads/single-file-upload.ts';

export const UPLOAD_FIELD = 'import_file';
/** An employees file of 100,000 people is about 5 MB, a nice Excel with a full answers sheet about 40 MB (docs/survey-and-admin.md). */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

const fileRequired = () => new ApiError(400, 'validation_error', 'errors.validation_failed', { [UPLOAD_FIELD]: ['survey.errors.import_file_required'] });

/**
 * Reads the one uploaded file of a multipart request and opens it as a workbook, off the event
 * loop and within the limits of modules/uploads/workbook-limits.ts. The type is judged by content,
 * never by name: 415 unless it is an .xlsx; 413 over MAX_UPLOAD_BYTES or when it unpacks beyond the limits;
 * 400 `too_many_files` for a second file.
 */
export async function readUploadedWorkbook(request: FastifyRequest): Promise<UploadedWorkbook> {
  const buffer = await readSingleFile(request, { field: UPLOAD_FIELD, maxBytes: MAX_UPLOAD_BYTES, missing: fileRequired });
  return readWorkbookOffThread(buffer);
}
