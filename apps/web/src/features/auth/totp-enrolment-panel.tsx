import { Alert, Box, Button, Code, Group, Image, PinInput, Stack, Text } from '@mantine/core';
import type { TTotpEnrolment } from '@ona/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** An authenticator's QR code and secret, and the first code that confirms it (signed in, or in a held-up sign-in). */
export function TotpEnrolmentPanel({ enrolment, error, pending, onConfirm }: { enrolment: TTotpEnrolment; error: string | null; pending: boolean; onConfirm: (code: string) => void }) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length === 6) onConfirm(code);
  };
  return (
    <form onSubmit={submit} noValidate data-testid="totp-enrolment">
      <Stack gap="md">
        <Text fz="sm">{t('secondFactor.enrolScan')}</Text>
        <Box ta="center">
          <Image src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`} alt={t('secondFactor.qrAlt')} w={200} h={200} mx="auto" />
        </Box>
        <Text fz="sm">{t('secondFactor.enrolManual')}</Text>
        <Code block data-testid="totp-secret">
          {enrolment.secret}
        </Code>
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="totp-enrolment-error">
            {error}
          </Alert>
        )}
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="totp-enrol-code-label">
            {t('secondFactor.codeLabel')}
          </Text>
          <PinInput length={6} type="number" oneTimeCode value={code} onChange={setCode} aria-labelledby="totp-enrol-code-label" data-testid="totp-enrol-code" />
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={pending} disabled={code.length !== 6} data-testid="totp-enrol-confirm">
            {t('secondFactor.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The ten recovery codes, shown this once. */
export function RecoveryCodesPanel({ codes, onDone, doneLabel }: { codes: string[]; onDone: () => void; doneLabel: string }) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Alert color="yellow" variant="light">
        {t('secondFactor.recoveryCodesHelp')}
      </Alert>
      <Code block>{codes.join('\n')}</Code>
      <Group justify="flex-end">
        <Button onClick={onDone} data-testid="recovery-codes-done">
          {doneLabel}
        </Button>
      </Group>
    </Stack>
  );
}
