import type { FastifyRequest } from 'fastify';
import type { TEmailTemplateKind } from '@ona/contracts';

export interface PublicUrlOptions {
  /** PUBLIC_URL of the settings; without it links are built from the request's own origin. */
  publicUrl?: string | undefined;
}

export function publicBase(options: PublicUrlOptions, request: FastifyRequest): string {
  const configured = options.publicUrl || process.env.PUBLIC_URL;
  return (configured || `${request.protocol}://${request.host}`).replace(/\/+$/, '');
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
