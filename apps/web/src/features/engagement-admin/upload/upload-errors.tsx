import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { rowErrors } from '../../../shared/api/row-errors.ts';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';

/** A refused upload: the server's message and, per row, what is wrong ("Row 5: …"). */
export function UploadErrors({ error }: { error: unknown }) {
  const { t } = useTranslation('admin');
  const message = useErrorMessage();
  const lines = isApiError(error) ? rowErrors(error.errors) : [];
  return (
    <Alert color="red" variant="light" title={t('upload.refused')} role="alert" data-testid="upload-errors">
      <Text fz="sm" mb={lines.length > 0 ? 'xs' : 0}>
        {message(error)}
      </Text>
      {lines.length > 0 && (
        <List size="sm" spacing={4} data-testid="upload-error-rows">
          {lines.flatMap((line) =>
            line.messages.map((text, index) => (
              <List.Item key={`${line.sheet ?? ''}-${line.row ?? line.field ?? ''}-${index}`} data-testid="upload-error-row" data-row={line.row ?? undefined} data-sheet={line.sheet ?? undefined}>
                {line.row === null
                  ? text
                  : line.sheet === null
                    ? t('upload.rowError', { row: line.row, message: text })
                    : t('upload.sheetRowError', { sheet: line.sheet, row: line.row, message: text })}
              </List.Item>
            )),
          )}
        </List>
      )}
    </Alert>
  );
}
