import { Button, Group, List, Modal, NativeSelect, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { ACCESS_LEVELS, MODULES, type TAccessRightsRow, type TModule } from '@ona/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/notifications/notify.ts';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { adminKeys, bulkUpdateAccessRights } from '../admin-api.ts';
import { changedLevels, hasChanges, sharedLevels, type TSharedLevel } from './mixed-level.ts';

type TAccessRightsModalProps = {
  engagementId: number;
  users: readonly TAccessRightsRow[];
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
};

type TLevels = Partial<Record<TModule, TSharedLevel>>;

/**
 * Edits the rights of the selected users at once. A module whose users differ starts on `mixed`,
 * which keeps each user's own level unless the admin picks one. Closing with unsaved changes asks
 * first (spec §4).
 */
export function AccessRightsModal({ engagementId, users, opened, onClose, onSaved }: TAccessRightsModalProps) {
  const { t } = useTranslation(['admin', 'engagements']);
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const initial = useMemo<TLevels>(() => sharedLevels(users.map((user) => user.access_rights), MODULES), [users]);
  const [edited, setEdited] = useState<TLevels>(initial);
  const [confirming, setConfirming] = useState(false);
  const [lastInitial, setLastInitial] = useState(initial);
  if (lastInitial !== initial) {
    setLastInitial(initial);
    setEdited(initial);
  }
  const dirty = hasChanges(initial, edited);

  const save = useMutation({
    mutationFn: () => bulkUpdateAccessRights(engagementId, { users: users.map((user) => user.id), access_rights: changedLevels(initial, edited) }),
    onSuccess: () => {
      notify('success', t('accessRights.saved', { count: users.length }));
      // The change is stored: the modal closes now, and the table refreshes behind it (waiting for
      // every admin list of the journey to be read again kept the modal open for seconds).
      onSaved();
      void queryClient.invalidateQueries({ queryKey: adminKeys.all(engagementId) });
    },
    onError: (error) => notify('error', errorMessage(error)),
  });

  const requestClose = () => {
    if (save.isPending) return;
    if (dirty) setConfirming(true);
    else onClose();
  };
  const options = (module: TModule) => [
    ...(initial[module] === 'mixed' ? [{ value: 'mixed', label: t('levels.mixed') }] : []),
    ...ACCESS_LEVELS.map((level) => ({ value: level, label: t(`levels.${level}`) })),
  ];

  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        title={t('accessRights.modalTitle')}
        size="lg"
        fullScreen={false}
        closeButtonProps={{ 'aria-label': t('accessRights.close') }}
        data-testid="access-rights-modal"
      >
        <Stack gap="md">
          <div>
            <Text fz="sm" fw={600} mb={4}>
              {t('accessRights.affected', { count: users.length })}
            </Text>
            <ScrollArea.Autosize mah={140} type="auto" offsetScrollbars="present">
              <List size="sm" spacing={2} data-testid="affected-users">
                {users.map((user) => (
                  <List.Item key={user.id} data-testid="affected-user">
                    {user.name} <Text span c="dimmed" fz="xs">{user.email}</Text>
                  </List.Item>
                ))}
              </List>
            </ScrollArea.Autosize>
          </div>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {MODULES.map((module) => (
              <NativeSelect
                key={module}
                label={t(`engagements:modules.${module}.title`)}
                data={options(module)}
                value={edited[module] ?? 'no_access'}
                onChange={(event) => {
                  const value = event.currentTarget.value as TSharedLevel;
                  setEdited((current) => ({ ...current, [module]: value }));
                }}
                data-testid={`access-level-${module}`}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={requestClose} disabled={save.isPending}>
              {t('accessRights.cancel')}
            </Button>
            <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!dirty} data-testid="access-rights-save">
              {t('accessRights.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('accessRights.confirmTitle')}
        size="sm"
        zIndex={400}
        centered
        closeButtonProps={{ 'aria-label': t('accessRights.continueEditing') }}
        data-testid="unsaved-changes-dialog"
      >
        <Text fz="sm" mb="lg">
          {t('accessRights.confirmMessage')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)} data-testid="continue-editing">
            {t('accessRights.continueEditing')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              setConfirming(false);
              setEdited(initial);
              onClose();
            }}
            data-testid="close-without-saving"
          >
            {t('accessRights.closeWithoutSaving')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
