import { Button, CloseButton, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shared/ui/icon.tsx';
import classes from './upload-field.module.css';

export const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type TUploadFieldProps = {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  accept?: string;
  disabled?: boolean;
  testId?: string;
};

type TZoneState = 'empty' | 'selected' | 'dragover';

function formatSize(bytes: number, locale: string): string {
  const kilobytes = bytes / 1024;
  if (kilobytes < 1024) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, kilobytes))} KB`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(kilobytes / 1024)} MB`;
}

/**
 * The spec's upload field (§4): empty ("no file selected"), a file selected, a highlight while a
 * file is dragged over; clearing resets the input; one file only, the first one chosen or dropped.
 */
export function UploadField({ label, file, onChange, accept = XLSX_ACCEPT, disabled = false, testId = 'upload-field' }: TUploadFieldProps) {
  const { t, i18n } = useTranslation('admin');
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const state: TZoneState = dragging ? 'dragover' : file ? 'selected' : 'empty';

  const take = (files: FileList | null) => onChange(files?.[0] ?? null);
  const clear = () => {
    if (input.current) input.current.value = '';
    onChange(null);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    // Leaving for a child element is not leaving the zone.
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    if (input.current) input.current.value = '';
    take(event.dataTransfer.files);
  };

  return (
    <div className={classes.zone} data-state={state} data-testid={testId} onDragOver={onDragOver} onDragEnter={onDragOver} onDragLeave={onDragLeave} onDrop={onDrop}>
      <input
        ref={input}
        id={inputId}
        className={classes.input}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-label={label}
        data-testid={`${testId}-input`}
        onChange={(event) => take(event.currentTarget.files)}
      />
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon size={40} radius="md" variant="light" color={file ? 'brand' : 'gray'}>
            <Icon name="upload" size={20} />
          </ThemeIcon>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fz="sm" fw={600}>
              {label}
            </Text>
            {file ? (
              <Text fz="sm" className={classes.fileName} data-testid={`${testId}-file`}>
                {file.name} · {formatSize(file.size, i18n.language)}
              </Text>
            ) : (
              <Text fz="sm" c="dimmed" data-testid={`${testId}-empty`}>
                {state === 'dragover' ? t('upload.dropHere') : t('upload.noFile')}
              </Text>
            )}
          </Stack>
        </Group>
        {file ? (
          <CloseButton aria-label={t('upload.clear')} onClick={clear} disabled={disabled} />
        ) : (
          <Button component="label" htmlFor={inputId} variant="default" size="xs" disabled={disabled}>
            {t('upload.choose')}
          </Button>
        )}
      </Group>
    </div>
  );
}
