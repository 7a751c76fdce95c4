import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.ts';

export const UPLOAD_FIELD = 'import_file';
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Every .xlsx is a zip archive: a local file header comes first. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const fileRequired = () => new ApiError(400, 'validation_error', 'errors.validation_failed', { [UPLOAD_FIELD]: ['survey.errors.import_file_required'] });
const unsupported = () => new ApiError(415, 'unsupported_file_type', 'survey.errors.unsupported_file_type');

/**
 * Reads the one uploaded file of a multipart request and opens it as a workbook. The type is
 * judged by content, never by name: a zip that exceljs can open, else 415. Too large: 413 (the
 * multipart limit throws while the file streams in, mapped by the shared error handler).
 */
export async function readUploadedWorkbook(request: FastifyRequest): Promise<ExcelJS.Workbook> {
  const file = await request.file();
  if (!file || file.fieldname !== UPLOAD_FIELD) {
    file?.file.resume();
    throw fileRequired();
  }
  const buffer = await file.toBuffer();
  return openWorkbook(buffer);
}

export async function openWorkbook(buffer: Buffer): Promise<ExcelJS.Workbook> {
  if (buffer.length < ZIP_MAGIC.length || !buffer.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) throw unsupported();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    // A zip that is not a workbook (a .docx, a plain archive) or a damaged file.
    throw unsupported();
  }
  return workbook;
}
