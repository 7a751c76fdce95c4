import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownload } from '../../../shared/api/use-download.ts';
import { notify } from '../../../shared/notifications/notify.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { UploadErrors } from './upload-errors.tsx';
import { UploadField } from './upload-field.tsx';

type TUploadPanelProps<T> = {
  title: string;
  description: string;
  fieldLabel: string;
  upload: (file: File) => Promise<T>;
  /** What the import changed, shown after a success. */
  describeResult: (result: T) => string;
  onUploaded?: (result: T) => void | Promise<void>;
  template?: { path: string; fallbackName: string };
  /** Replaces the standard error box for errors the page explains itself (e.g. a 404). */
  explainError?: (error: unknown) => ReactNode | null;
  testId: string;
};

/** One spreadsheet upload: the upload field, the template, the import's summary or its row errors. */
export function UploadPanel<T>({ title, description, fieldLabel, upload, describeResult, onUploaded, template, explainError, testId }: TUploadPanelProps<T>) {
  const { t } = useTranslation('admin');
  const [file, setFile] = useState<File | null>(null);
  const download = useDownload();
  const mutation = useMutation({
    mutationFn: (chosen: File) => upload(chosen),
    onSuccess: async (result) => {
      notify('success', describeResult(result));
      setFile(null);
      await onUploaded?.(result);
    },
  });
  const explained = mutation.isError ? (explainError?.(mutation.error) ?? null) : null;

  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" align="flex-start">
          <div>
            <Title order={2} fz="lg">
              {title}
            </Title>
            <Text fz="sm" c="dimmed">
              {description}
            </Text>
          </div>
          {template && (
            <Button
              variant="subtle"
              size="sm"
              leftSection={<Icon name="download" size={16} />}
              loading={download.isPending}
              onClick={() => download.mutate(template)}
              data-testid={`${testId}-template`}
            >
              {t('upload.template')}
            </Button>
          )}
        </Group>
        <UploadField
          label={fieldLabel}
          file={file}
          onChange={(next) => {
            setFile(next);
            mutation.reset();
          }}
          disabled={mutation.isPending}
          testId={`${testId}-field`}
        />
        <Group justify="flex-end">
          <Button disabled={!file} loading={mutation.isPending} onClick={() => file && mutation.mutate(file)} leftSection={<Icon name="upload" size={16} />} data-testid={`${testId}-submit`}>
            {t('upload.submit')}
          </Button>
        </Group>
        {mutation.isSuccess && (
          <Alert color="teal" variant="light" role="status" data-testid="upload-result">
            {describeResult(mutation.data)}
          </Alert>
        )}
        {mutation.isError && (explained ?? <UploadErrors error={mutation.error} />)}
      </Stack>
    </Paper>
  );
}
