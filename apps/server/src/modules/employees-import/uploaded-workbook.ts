import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.ts';
import type { UploadedWorkbook } from '../uploads/plain-workbook.ts';
import { readWorkbookOffThread } from '../uploads/read-workbook.ts';
import { readSingleFile } from '../uploads/single-file-upload.ts';
import { WORKBOOK_LIMITS } from '../uploads/workbook-limits.ts';

export const UPLOAD_FIELD = 'import_file';
/**
 * An employees file of 100,000 people is about 5 MB, a nice Excel of their whole survey about
 * 190 MB (docs/survey-and-admin.md); the app's `workbookLimits.fileBytes`, this by default.
 */
export const MAX_UPLOAD_BYTES = WORKBOOK_LIMITS.fileBytes;

const fileRequired = () => new ApiError(400, 'validation_error', 'errors.validation_failed', { [UPLOAD_FIELD]: ['survey.errors.import_file_required'] });

/**
 * Reads the one uploaded file of a multipart request and opens it as a workbook, off the event
 * loop and within the limits of modules/uploads/workbook-limits.ts. The type is judged by content,
 * never by name: 415 unless it is an .xlsx; 413 over the file limit or when it unpacks beyond the limits;
 * 400 `too_many_files` for a second file. The file's memory goes to the reader, not a copy of it.
 */
export async function readUploadedWorkbook(request: FastifyRequest): Promise<UploadedWorkbook> {
  const limits = request.server.workbookLimits;
  const buffer = await readSingleFile(request, { field: UPLOAD_FIELD, maxBytes: limits.fileBytes, missing: fileRequired });
  return readWorkbookOffThread(buffer, { limits, handOver: true });
}
