import type { FastifyRequest } from 'fastify';
import type { TEmailTemplateKind } from '@ona/contracts';
import { publicBase as safePublicBase } from '../../http/public-base.ts';

export interface PublicUrlOptions {
  /** PUBLIC_URL of the settings; without it, see `publicBase` in http/public-base.ts. */
  publicUrl?: string | undefined;
}

export function publicBase(options: PublicUrlOptions, request: FastifyRequest): string {
  return safePublicBase(options.publicUrl || process.env.PUBLIC_URL, request);
}

/** The page each e-mail sends its reader to (web routes end in .html, spec section 2). */
export function emailLink(base: string, engagementId: number, kind: TEmailTemplateKind): string {
  switch (kind) {
    case 'invitation':
    case 'reminder':
      return `${base}/engagements/${engagementId}/survey/intro.html`;
    case 'leader_report_code':
      return `${base}/engagements/${engagementId}/leader-report/list.html`;
    case 'report_ready':
      return `${base}/engagements/${engagementId}/individual-report/list.html`;
  }
}
