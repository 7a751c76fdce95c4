import { Readable } from 'node:stream';
import { z } from 'zod';
import { ZApiError } from '@ona/contracts';

/** Error answers every analytics call may give (409: no analysis yet). */
export const analyticsErrors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** Exports answer a binary file (sent as is, never serialised); the schema documents it. */
export const ZXlsxFile = z.instanceof(Readable).describe('An .xlsx workbook (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet)');
export const ZPdfFile = z.instanceof(Buffer).describe('A PDF document (application/pdf)');
