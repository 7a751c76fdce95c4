import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { TLocale } from '@ona/contracts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import type { TableWorkbook } from './workbook-table.ts';
import { writeTableWorkbook } from './workbook-stream.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_CONTENT_TYPE = 'application/pdf';

/** What an export is, named in the reader's language by `exports.file_names.<kind>`. */
export type TExportFileKind =
  | 'survey'
  | 'distance_matrix'
  | 'retention_analytics'
  | 'leader_reports'
  | 'individual_reports'
  | 'survey_statistics'
  | 'metrics'
  | 'executive_report'
  | 'instant_survey'
  | 'network'
  | 'network_nodes'
  | 'network_edges'
  | 'wave_comparison'
  | 'personal_data';

export interface ExportFileName {
  /** In the reader's language (accents and Cyrillic kept), for `filename*`. */
  name: string;
  /** English and ASCII only, for the plain `filename` of clients that do not read `filename*`. */
  ascii: string;
}

/** Letters and digits of any script kept, every other run a single dash, lower case. */
function slug(text: string, locale: TLocale, asciiOnly: boolean): string {
  const base = asciiOnly ? text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-') : text.normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, '-');
  return base.replace(/^-+|-+$/g, '').toLocaleLowerCase(locale).slice(0, 60).replace(/-+$/, '');
}

/** `<what>-<subject>.<extension>`, e.g. `vezetői-jelentések-acme-tavasz.xlsx` for a Hungarian reader. */
export function exportFileName(locale: TLocale, kind: TExportFileKind, subject: string, extension: string): ExportFileName {
  const key = `exports.file_names.${kind}` as MessageKey;
  const join = (what: string, about: string) => `${what}${about ? `-${about}` : ''}.${extension}`;
  return {
    name: join(slug(translate(locale, key), locale, false), slug(subject, locale, false)),
    ascii: join(slug(translate('en', key), 'en', true), slug(subject, 'en', true)),
  };
}

/** RFC 5987 ext-value: UTF-8, percent-encoded outside attr-char (encodeURIComponent leaves ' ( ) * as they are). */
export function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The attachment header of RFC 6266: an ASCII `filename` and the reader's-language `filename*`. */
export function contentDisposition(file: ExportFileName): string {
  const plain = `attachment; filename="${file.ascii}"`;
  return file.name === file.ascii ? plain : `${plain}; filename*=UTF-8''${rfc5987(file.name)}`;
}

export function attachment(reply: FastifyReply, file: ExportFileName, contentType: string): FastifyReply {
  return reply.header('content-type', contentType).header('content-disposition', contentDisposition(file));
}

/**
 * Every xlsx export leaves through here: written as a stream to the reply (workbook-stream.ts),
 * each text cell neutralised on its way so that none of them starts a formula. An error after the
 * first bytes can only end the stream; it is logged by Fastify as the reply's error.
 */
export function sendWorkbook(reply: FastifyReply, workbook: TableWorkbook, file: ExportFileName): Readable {
  const body = new PassThrough();
  writeTableWorkbook(workbook, body).catch((error: unknown) => body.destroy(error instanceof Error ? error : new Error(String(error))));
  attachment(reply, file, XLSX_CONTENT_TYPE);
  return body;
}
