import { Button, Group, Modal, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { GEXF_VERSIONS, type TGexfVersion, type TGraphExportFormat } from '@ona/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownload } from '../../shared/api/use-download.ts';
import { Icon } from '../../shared/ui/icon.tsx';

/** The formats of the dialog, in its order; `png` is drawn in the browser, the others come from the server. */
export const EXPORT_CHOICES = ['png', 'gexf', 'graphml', 'nodes_csv', 'edges_csv'] as const;
type TExportChoice = (typeof EXPORT_CHOICES)[number];

const TEXT_KEY: Record<TExportChoice, 'png' | 'gexf' | 'graphml' | 'nodesCsv' | 'edgesCsv'> = { png: 'png', gexf: 'gexf', graphml: 'graphml', nodes_csv: 'nodesCsv', edges_csv: 'edgesCsv' };

type TExportDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** GET …/graph-visualization/export/ and the query of the view on screen (without the format). */
  path: string;
  query: Record<string, string | readonly (string | number)[] | undefined>;
  /** Draws and saves the print PNG; false when the graph could not be drawn. */
  exportPicture: () => Promise<boolean>;
};

/** Every export of the graph page, each with one line on what it is for (issue 18). */
export function ExportDialog({ opened, onClose, path, query, exportPicture }: TExportDialogProps) {
  const { t } = useTranslation('graph');
  const download = useDownload();
  const [gexfVersion, setGexfVersion] = useState<TGexfVersion>('1.3');
  const [drawing, setDrawing] = useState(false);

  const run = async (choice: TExportChoice) => {
    if (choice === 'png') {
      setDrawing(true);
      try {
        await exportPicture();
      } finally {
        setDrawing(false);
      }
      return;
    }
    const format: TGraphExportFormat = choice;
    download.mutate({ path, fallbackName: `${t('export.fileName')}.${format === 'gexf' ? 'gexf' : format === 'graphml' ? 'graphml' : 'csv'}`, query: { ...query, format, ...(format === 'gexf' ? { gexf_version: gexfVersion } : {}) } });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('export.title')} size="lg" centered closeButtonProps={{ 'aria-label': t('card.close') }} data-testid="graph-export-dialog">
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {t('export.intro')}
        </Text>
        {EXPORT_CHOICES.map((choice) => {
          const name = t(`export.${TEXT_KEY[choice]}.name`);
          const busy = choice === 'png' ? drawing : download.isPending && download.variables?.query?.format === choice;
          return (
            <Paper key={choice} withBorder radius="sm" p="sm" data-testid={`graph-export-${choice}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="md">
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} fz="sm">
                    {name}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {t(`export.${TEXT_KEY[choice]}.hint`)}
                  </Text>
                  {choice === 'gexf' && (
                    <SegmentedControl
                      size="xs"
                      w="fit-content"
                      aria-label={t('export.gexfVersion')}
                      value={gexfVersion}
                      onChange={(value) => setGexfVersion(value as TGexfVersion)}
                      data={GEXF_VERSIONS.map((version) => ({ value: version, label: version }))}
                      data-testid="graph-export-gexf-version"
                    />
                  )}
                </Stack>
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<Icon name="download" size={16} />}
                  loading={busy}
                  onClick={() => void run(choice)}
                  // The visible word first, then which file: the name keeps the label it shows (WCAG 2.5.3).
                  aria-label={`${t('export.download')}: ${name}`}
                  data-testid={`graph-export-${choice}-download`}
                >
                  {t('export.download')}
                </Button>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Modal>
  );
}
