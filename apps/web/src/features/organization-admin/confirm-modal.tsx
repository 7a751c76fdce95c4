import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type TConfirmModalProps = {
  opened: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A yes/no question before a change that takes effect at once (deactivation, archiving). */
export function ConfirmModal({ opened, title, body, confirmLabel, cancelLabel, color = 'red', loading = false, onConfirm, onClose }: TConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="sm" closeButtonProps={{ 'aria-label': cancelLabel }}>
      <Stack gap="lg">
        <Text fz="sm">{body}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button color={color} loading={loading} onClick={onConfirm} data-testid="confirm-action">
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
