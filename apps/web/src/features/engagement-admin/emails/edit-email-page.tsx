import { Alert, Button, Chip, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { CONTENT_LANGUAGES, type TContentLanguage, type TEmailTemplate, type TEmailTemplateKind } from '@ona/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../../shared/notifications/notify.ts';
import { useRoutePath } from '../../../shared/routing/route-set-context.tsx';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { AdminFrame, QueryState } from '../admin-frame.tsx';
import { adminKeys, emailTemplateQuery, previewEmailTemplate, resetEmailTemplate, saveEmailTemplate } from '../admin-api.ts';
import { insertPlaceholder, readTemplateParams, unknownPlaceholders } from './placeholder-text.ts';

type TEditorProps = { engagementId: number; kind: TEmailTemplateKind; language: TContentLanguage; template: TEmailTemplate };

function Editor({ engagementId, kind, language, template }: TEditorProps) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const dirty = subject !== template.subject || body !== template.body;
  const unknown = unknownPlaceholders(`${subject}\n${body}`, template.placeholders);

  const afterChange = async (saved: TEmailTemplate | null, message: string) => {
    notify('success', message);
    if (saved) queryClient.setQueryData(emailTemplateQuery(engagementId, kind, language).queryKey, saved);
    await queryClient.invalidateQueries({ queryKey: adminKeys.all(engagementId) });
  };
  const save = useMutation({
    mutationFn: () => saveEmailTemplate(engagementId, kind, language, { subject, body }),
    onSuccess: (saved) => afterChange(saved, t('emails.saved')),
    onError: (error) => notify('error', errorMessage(error)),
  });
  const reset = useMutation({
    mutationFn: () => resetEmailTemplate(engagementId, kind, language),
    onSuccess: () => afterChange(null, t('emails.resetDone')),
    onError: (error) => notify('error', errorMessage(error)),
  });
  const preview = useMutation({
    mutationFn: () => previewEmailTemplate(engagementId, kind, language, { subject, body }),
    onError: (error) => notify('error', errorMessage(error)),
  });

  const insert = (placeholder: string) => {
    const area = bodyRef.current;
    const { text, caret } = insertPlaceholder(body, area?.selectionStart ?? body.length, area?.selectionEnd ?? body.length, placeholder);
    setBody(text);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(caret, caret);
    });
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <TextInput label={t('emails.subject')} value={subject} onChange={(event) => setSubject(event.currentTarget.value)} maxLength={300} required data-testid="email-subject" />
          <Textarea
            ref={bodyRef}
            label={t('emails.body')}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            autosize
            minRows={10}
            maxRows={24}
            required
            data-testid="email-body"
          />
          <div>
            <Text fz="sm" fw={500} mb={4}>
              {t('emails.placeholders')}
            </Text>
            <Group gap={6} data-testid="email-placeholders">
              {template.placeholders.map((placeholder) => (
                <Chip key={placeholder} checked={false} size="xs" onClick={() => insert(placeholder)} variant="outline">
                  {`{{${placeholder}}}`} · {t(`emails.placeholder.${placeholder}`)}
                </Chip>
              ))}
            </Group>
          </div>
          {unknown.length > 0 && (
            <Alert color="yellow" variant="light" role="alert">
              {t('emails.unknownPlaceholders', { names: unknown.map((name) => `{{${name}}}`).join(', ') })}
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            <Button variant="subtle" color="gray" disabled={template.is_default && !dirty} loading={reset.isPending} onClick={() => reset.mutate()}>
              {t('emails.reset')}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={() => preview.mutate()} loading={preview.isPending} data-testid="email-preview-button">
                {t('emails.preview')}
              </Button>
              <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!dirty || !subject.trim() || !body.trim()} data-testid="email-save">
                {t('emails.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="md" bg="gray.0" data-testid="email-preview">
        <Title order={2} fz="md" mb="sm">
          {t('emails.preview')}
        </Title>
        {preview.data ? (
          <Stack gap="xs">
            <Text fz="sm">
              <Text span fw={600}>
                {t('emails.subject')}:
              </Text>{' '}
              {preview.data.subject}
            </Text>
            <Paper withBorder p="sm" radius="md">
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {preview.data.body}
              </Text>
            </Paper>
          </Stack>
        ) : (
          <Text fz="sm" c="dimmed">
            {t('emails.previewHint')}
          </Text>
        )}
      </Paper>
    </SimpleGrid>
  );
}

function EditEmail({ engagementId }: { engagementId: number }) {
  const { t } = useTranslation('admin');
  const path = useRoutePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { kind, language } = readTemplateParams(params);
  const template = useQuery({ ...emailTemplateQuery(engagementId, kind ?? 'invitation', language ?? 'hu'), enabled: kind !== null && language !== null });
  if (!kind || !language) return <Navigate to={path(`engagements/${engagementId}/admin/emails/list.html`)} replace />;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="lg" data-testid="email-kind">
          {t(`emails.kinds.${kind}.title`)}
        </Title>
        <SegmentedControl
          value={language}
          onChange={(next) => void navigate(path(`engagements/${engagementId}/admin/emails/edit-email.html?kind=${kind}&language=${next}`), { replace: true })}
          data={CONTENT_LANGUAGES.map((value) => ({ value, label: t(`contentLanguages.${value}`) }))}
          aria-label={t('emails.language')}
          data-testid="email-language"
        />
      </Group>
      {template.data ? (
        <Editor key={`${kind}-${language}-${template.data.updated_at ?? 'default'}`} engagementId={engagementId} kind={kind} language={language} template={template.data} />
      ) : (
        <QueryState error={template.error} isError={template.isError} onRetry={() => void template.refetch()} loadingLabel={t('emails.loading')} />
      )}
    </Stack>
  );
}

/** emails/edit-email.html?kind=…&language=…: subject and body with placeholders, and a preview. */
export function EditEmailPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminFrame title={t('pages.editEmail.title')} back={{ page: 'emails/list.html', label: t('pages.emails.title') }}>
      {(engagement) => <EditEmail engagementId={engagement.id} />}
    </AdminFrame>
  );
}
