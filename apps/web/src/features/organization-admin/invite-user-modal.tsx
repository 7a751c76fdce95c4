import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { PERMISSIONS, type TPermission } from '@ona/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { inviteUser } from './organization-admin-api.ts';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Name, e-mail and permissions of a new user; the server decides between invitation and joining. */
export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('organizationAdmin');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [permissions, setPermissions] = useState<TPermission[]>([]);
  const [checked, setChecked] = useState(false);

  const invite = useMutation({
    mutationFn: () => inviteUser({ name: name.trim(), email: email.trim(), permissions }),
    onSuccess: async (result) => {
      notify('success', t(result.outcome === 'added' ? 'invite.added' : 'invite.invited', { email: result.email }));
      await queryClient.invalidateQueries({ queryKey: ['organization-admin', 'users'] });
      close();
    },
  });
  const close = () => {
    setName('');
    setEmail('');
    setPermissions([]);
    setChecked(false);
    invite.reset();
    onClose();
  };
  const nameError = checked && name.trim() === '' ? t('invite.nameRequired') : undefined;
  const emailError = checked && !EMAIL_SHAPE.test(email.trim()) ? t('invite.emailInvalid') : undefined;
  const serverError = isApiError(invite.error) ? invite.error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (name.trim() === '' || !EMAIL_SHAPE.test(email.trim())) return;
    invite.mutate();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('invite.title')} size="md" closeButtonProps={{ 'aria-label': t('invite.cancel') }}>
      <form onSubmit={submit} noValidate data-testid="invite-form">
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {t('invite.help')}
          </Text>
          <TextInput
            label={t('invite.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError ?? serverError?.fieldErrors('name')[0]}
            required
            data-autofocus
            data-testid="invite-name"
          />
          <TextInput
            label={t('invite.email')}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={emailError ?? serverError?.fieldErrors('email')[0]}
            required
            data-testid="invite-email"
          />
          <Checkbox.Group label={t('invite.permissions')} value={permissions} onChange={(value) => setPermissions(PERMISSIONS.filter((p) => value.includes(p)))}>
            <Stack gap="xs" mt={6}>
              {PERMISSIONS.map((permission) => (
                <Checkbox key={permission} value={permission} label={t(`permissions.${permission}`)} data-testid={`invite-permission-${permission}`} />
              ))}
            </Stack>
          </Checkbox.Group>
          {invite.error && !serverError?.errors && (
            <Alert color="red" variant="light" role="alert" data-testid="invite-error">
              {errorMessage(invite.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('invite.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending} data-testid="invite-submit">
              {t('invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
