import type { FastifyPluginAsync } from 'fastify';
import { desc, tables } from '@ona/db';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * The outbox, for demo mode without SMTP: a developer's view, so its few labels are plain English
 * and not part of the product's interface.
 */
export const devMailboxRoutes: FastifyPluginAsync = async (app) => {
  app.get('/dev/mailbox', async (_request, reply) => {
    const mails = await app.db.select().from(tables.emailOutbox).orderBy(desc(tables.emailOutbox.id)).limit(200);
    const items = mails
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2><p><b>To:</b> ${escapeHtml(m.toAddress)} · <b>At:</b> ${m.createdAt.toISOString()}${m.sentAt ? ' · sent by SMTP' : ''}</p><pre>${linkify(m.textBody)}</pre></article>`,
      )
      .join('\n');
    // Returned, not only sent: above the compressor's synchronous limit the compression runs
    // asynchronously, and an async handler that resolves without returning the reply ends it empty.
    return reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox</title><style>body{font-family:system-ui;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:1rem 0}pre{white-space:pre-wrap}</style></head><body><h1>Mailbox (${mails.length})</h1>${items || '<p>No e-mails yet.</p>'}</body></html>`);
  });
};
