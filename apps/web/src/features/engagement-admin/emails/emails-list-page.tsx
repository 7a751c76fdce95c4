import { Badge, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { CONTENT_LANGUAGES, EMAIL_TEMPLATE_KINDS } from '@ona/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRoutePath } from '../../../shared/routing/route-set-context.tsx';
import { AdminFrame, QueryState } from '../admin-frame.tsx';
import { emailTemplatesQuery } from '../admin-api.ts';

function EmailsList({ engagementId }: { engagementId: number }) {
  const { t } = useTranslation('admin');
  const path = useRoutePath();
  const templates = useQuery(emailTemplatesQuery(engagementId));
  if (!templates.data) return <QueryState error={templates.error} isError={templates.isError} onRetry={() => void templates.refetch()} loadingLabel={t('emails.loading')} />;
  const data = templates.data;

  return (
    <Stack gap="md">
      {EMAIL_TEMPLATE_KINDS.map((kind) => (
        <Paper key={kind} withBorder radius="lg" p="md" data-testid="email-template-row" data-kind={kind}>
          <Title order={2} fz="md">
            {t(`emails.kinds.${kind}.title`)}
          </Title>
          <Text fz="sm" c="dimmed" mb="sm">
            {t(`emails.kinds.${kind}.description`)}
          </Text>
          <Group gap="xs">
            {CONTENT_LANGUAGES.map((language) => {
              const template = data.find((item) => item.kind === kind && item.language === language);
              return (
                <Button
                  key={language}
                  component={Link}
                  to={path(`engagements/${engagementId}/admin/emails/edit-email.html?kind=${kind}&language=${language}`)}
                  variant="default"
                  size="sm"
                  rightSection={
                    <Badge size="xs" variant="light" color={template && !template.is_default ? 'teal' : 'gray'}>
                      {template && !template.is_default ? t('emails.edited') : t('emails.default')}
                    </Badge>
                  }
                  data-testid={`edit-email-${kind}-${language}`}
                >
                  {/* Named by its content, no aria-label (WCAG 2.5.3): the full words for a reader, the short ones on screen. */}
                  <VisuallyHidden>{t('emails.editIn', { kind: t(`emails.kinds.${kind}.title`), language: t(`contentLanguages.${language}`) })}</VisuallyHidden>
                  <span aria-hidden="true">{t(`contentLanguages.${language}`)}</span>
                </Button>
              );
            })}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** emails/list.html: the four e-mails of a journey, per language. */
export function EmailsListPage() {
  const { t } = useTranslation('admin');
  return <AdminFrame title={t('pages.emails.title')}>{(engagement) => <EmailsList engagementId={engagement.id} />}</AdminFrame>;
}
