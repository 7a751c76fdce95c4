import { Alert, Button, Group, List, Menu, Modal, Radio, Stack, Text } from '@mantine/core';
import type { TDirectoryPerson, TPersonErasureRequest } from '@ona/contracts';
import { NOMINATION_CHOICES } from '@ona/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../shared/api/save-file.ts';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { downloadPersonalData, erasePerson } from './directory-api.ts';

type TNominationChoice = TPersonErasureRequest['nominations'];

/**
 * The erasure's confirmation: what will happen, in plain words, and the administrator's choice for
 * the person's own nominations (delete them, or keep them under the pseudonym). Nothing is chosen
 * for them: the confirm button waits for a choice.
 */
function ErasePersonModal({ person, onClose }: { person: TDirectoryPerson | null; onClose: () => void }) {
  const { t } = useTranslation('directory');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<TNominationChoice | null>(null);
  const locale = activeLocale();
  const erase = useMutation({
    mutationFn: (target: { id: number; nominations: TNominationChoice }) => erasePerson(target.id, { nominations: target.nominations }),
    onSuccess: async (result) => {
      // What the erasure changed, counted by the server: nominations, rewritten runs and the weekly
      // collaboration counts (mail, calendar, chat) deleted with the person (docs/privacy/data-subject-requests.md).
      notify('success', `${t('requests.erased', { pseudonym: result.pseudonym })} ${t('requests.erasedCounts', { nominations: formatNumber(result.nominations_deleted, locale), runs: formatNumber(result.analysis_runs_rewritten, locale), collaboration: formatNumber(result.collaboration_counts_deleted, locale) })}`);
      setChoice(null);
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['organization-admin', 'directory', 'people'] });
    },
    onError: (error) => notify('error', errorMessage(error)),
  });
  const close = () => {
    setChoice(null);
    onClose();
  };
  return (
    <Modal opened={person !== null} onClose={close} title={t('requests.eraseTitle', { name: person?.display_name ?? '' })} size="lg" closeButtonProps={{ 'aria-label': t('requests.cancel') }}>
      {person && (
        <Stack gap="md" data-testid="erase-person-dialog">
          <Text fz="sm">{t('requests.eraseIntro')}</Text>
          <List fz="sm" spacing={4}>
            <List.Item>{t('requests.eraseIdentity')}</List.Item>
            <List.Item>{t('requests.eraseReports')}</List.Item>
            <List.Item>{t('requests.eraseAccount')}</List.Item>
            <List.Item>{t('requests.eraseAudit')}</List.Item>
          </List>
          <Radio.Group
            label={t('requests.nominationsLabel')}
            description={t('requests.nominationsHint')}
            value={choice}
            onChange={(value) => setChoice(value as TNominationChoice)}
            withAsterisk
            data-testid="erase-nominations"
          >
            <Stack gap="xs" mt="xs">
              {NOMINATION_CHOICES.map((value) => (
                <Radio key={value} value={value} label={t(`requests.nominations.${value}`)} data-testid={`erase-nominations-${value}`} />
              ))}
            </Stack>
          </Radio.Group>
          <Alert color="red" variant="light">
            {t('requests.eraseFinal')}
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              {t('requests.cancel')}
            </Button>
            <Button color="red" disabled={choice === null} loading={erase.isPending} onClick={() => choice && erase.mutate({ id: person.id, nominations: choice })} data-testid="erase-person-confirm">
              {t('requests.eraseConfirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** A person's data-subject requests in their directory row: the two exports and the erasure. */
export function PersonRequestsMenu({ person }: { person: TDirectoryPerson }) {
  const { t } = useTranslation('directory');
  const errorMessage = useErrorMessage();
  const [erasing, setErasing] = useState<TDirectoryPerson | null>(null);
  const download = useMutation({
    mutationFn: (format: 'json' | 'xlsx') => downloadPersonalData(person.id, format),
    onSuccess: saveFile,
    onError: (error) => notify('error', errorMessage(error)),
  });
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="subtle" size="compact-sm" loading={download.isPending} aria-label={t('requests.menuFor', { name: person.display_name })} data-testid="person-requests">
            {t('requests.menu')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('requests.exportLabel')}</Menu.Label>
          <Menu.Item onClick={() => download.mutate('xlsx')} data-testid="person-export-xlsx">
            {t('requests.exportXlsx')}
          </Menu.Item>
          <Menu.Item onClick={() => download.mutate('json')} data-testid="person-export-json">
            {t('requests.exportJson')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" disabled={person.erased_at !== null} onClick={() => setErasing(person)} data-testid="person-erase">
            {person.erased_at !== null ? t('requests.alreadyErased') : t('requests.erase')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ErasePersonModal person={erasing} onClose={() => setErasing(null)} />
    </>
  );
}
