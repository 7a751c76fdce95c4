import { Anchor, Button, List, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../../shared/config.ts';

/** The sign-in help link of the spec; a modal keeps the user on the form instead of a new page. */
export function HavingTroubleLink() {
  const { t } = useTranslation(['auth', 'common']);
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Anchor component="button" type="button" fz="sm" onClick={open}>
        {t('help.link')}
      </Anchor>
      <Modal opened={opened} onClose={close} title={t('help.title')} centered closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        <Stack gap="md">
          <List spacing="xs" fz="sm">
            <List.Item>{t('help.tipEmail')}</List.Item>
            <List.Item>{t('help.tipPassword')}</List.Item>
            <List.Item>{t('help.tipLocked')}</List.Item>
          </List>
          <Text fz="sm">{t('help.contact')}</Text>
          <Button component="a" href={`mailto:${SUPPORT_EMAIL}`} variant="light">
            {SUPPORT_EMAIL}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
