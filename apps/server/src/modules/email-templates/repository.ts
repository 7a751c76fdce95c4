import { and, eq, tables, type Database } from '@ona/db';
import type { TContentLanguage, TEmailTemplateKind } from '@ona/contracts';

const { emailTemplates } = tables;

export type StoredTemplate = typeof emailTemplates.$inferSelect;

export async function loadTemplates(db: Database, engagementId: number): Promise<StoredTemplate[]> {
  return db.select().from(emailTemplates).where(eq(emailTemplates.engagementId, engagementId));
}

export async function loadTemplate(db: Database, engagementId: number, kind: TEmailTemplateKind, language: TContentLanguage): Promise<StoredTemplate | undefined> {
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.engagementId, engagementId), eq(emailTemplates.kind, kind), eq(emailTemplates.language, language)))
    .limit(1);
  return row;
}

export async function upsertTemplate(db: Database, row: { engagementId: number; kind: TEmailTemplateKind; language: TContentLanguage; subject: string; body: string; updatedBy: number }): Promise<StoredTemplate> {
  const now = new Date();
  const [saved] = await db
    .insert(emailTemplates)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({
      target: [emailTemplates.engagementId, emailTemplates.kind, emailTemplates.language],
      set: { subject: row.subject, body: row.body, updatedAt: now, updatedBy: row.updatedBy },
    })
    .returning();
  if (!saved) throw new Error('template not saved');
  return saved;
}

export async function deleteTemplate(db: Database, engagementId: number, kind: TEmailTemplateKind, language: TContentLanguage): Promise<void> {
  await db
    .delete(emailTemplates)
    .where(and(eq(emailTemplates.engagementId, engagementId), eq(emailTemplates.kind, kind), eq(emailTemplates.language, language)));
}
