import { Alert, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { AdminFrame } from '../admin-frame.tsx';
import { adminKeys, importNiceExcel, uploadResultFile } from '../admin-api.ts';
import { UploadPanel } from '../upload/upload-panel.tsx';

function UploadResults({ engagementId }: { engagementId: number }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: adminKeys.all(engagementId) });
    await queryClient.invalidateQueries({ queryKey: ['engagements'] });
  };
  return (
    <Stack gap="lg">
      <UploadPanel
        testId="result-file-upload"
        title={t('results.title')}
        description={t('results.description')}
        fieldLabel={t('results.field')}
        upload={(file) => uploadResultFile(engagementId, file)}
        describeResult={() => t('results.uploaded')}
        onUploaded={refresh}
        explainError={(error) =>
          // The graph release adds this call; until then the server does not know it.
          isApiError(error) && error.status === 404 ? (
            <Alert color="yellow" variant="light" role="alert" data-testid="upload-errors" title={t('results.unavailableTitle')}>
              {t('results.unavailable')}
            </Alert>
          ) : null
        }
      />
      <UploadPanel
        testId="nice-excel-upload"
        title={t('niceExcel.title')}
        description={t('niceExcel.description')}
        fieldLabel={t('niceExcel.field')}
        upload={(file) => importNiceExcel(engagementId, file)}
        describeResult={(result) =>
          t('niceExcel.imported', { employees: result.employee_count, units: result.unit_count, questions: result.question_count, answers: result.answer_count })
        }
        onUploaded={refresh}
      />
    </Stack>
  );
}

/** upload-result-file.html: a results workbook for the graph, and the nice Excel import. */
export function UploadResultFilePage() {
  const { t } = useTranslation('admin');
  return <AdminFrame title={t('pages.uploadResultFile.title')}>{(engagement) => <UploadResults engagementId={engagement.id} />}</AdminFrame>;
}
