import { Stack } from '@mantine/core';
import type { TGraphVisualization } from '@ona/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminFrame } from '../admin-frame.tsx';
import { adminKeys, importNiceExcel, uploadResultFile } from '../admin-api.ts';
import { UploadPanel } from '../upload/upload-panel.tsx';
import { UploadedGraph } from './uploaded-graph.tsx';

function UploadResults({ engagementId }: { engagementId: number }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  // The workbook's network lives only on this page: the call stores nothing.
  const [uploaded, setUploaded] = useState<TGraphVisualization | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: adminKeys.all(engagementId) });
    await queryClient.invalidateQueries({ queryKey: ['engagements'] });
  };
  // The template of both uploads is this engagement's own nice Excel: the exact format with its
  // instructions sheet, already holding its people, units and questions (and answers, if any).
  const template = { path: `/engagements/${engagementId}/survey/export-nice-excel/`, fallbackName: 'survey-nice-excel.xlsx' };
  return (
    <Stack gap="lg">
      <UploadPanel
        testId="result-file-upload"
        title={t('results.title')}
        description={t('results.description')}
        fieldLabel={t('results.field')}
        upload={uploadResultFile}
        describeResult={(graph) => t('results.uploaded', { employees: graph.statistics.employee_count, connections: graph.statistics.connection_count })}
        onUploaded={setUploaded}
        template={template}
      />
      {uploaded && <UploadedGraph graph={uploaded} />}
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
        template={template}
      />
    </Stack>
  );
}

/** upload-result-file.html: a results workbook drawn as a network (POST /survey-result-to-graph/), and the nice Excel import. */
export function UploadResultFilePage() {
  const { t } = useTranslation('admin');
  return <AdminFrame title={t('pages.uploadResultFile.title')}>{(engagement) => <UploadResults engagementId={engagement.id} />}</AdminFrame>;
}
