import { NativeSelect, ScrollArea, Table, Text } from '@mantine/core';
import { LEAVER_REASONS, ZLeaverReason, type TRiskCalibration } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/notifications/notify.ts';
import { useSetLeaverReason } from './calibration-api.ts';

/** The people of the earlier journey who are not in this one, each with a select of the reason. */
export function LeaversTable({ calibration, engagementId }: { calibration: TRiskCalibration; engagementId: number }) {
  const { t } = useTranslation('calibration');
  const setReason = useSetLeaverReason(engagementId, calibration.earlier.id);
  if (calibration.leavers.length === 0) return <Text c="dimmed" data-testid="calibration-no-leavers">{t('leavers.none')}</Text>;
  const options = LEAVER_REASONS.map((reason) => ({ value: reason, label: t(`reasons.${reason}`) }));
  return (
    <ScrollArea type="auto">
      <Table striped miw={760} data-testid="calibration-leavers">
        <Table.Caption>{t('leavers.caption', { count: calibration.leavers.length, journey: calibration.journey.name })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('leavers.name')}</Table.Th>
            <Table.Th scope="col">{t('leavers.unit')}</Table.Th>
            <Table.Th scope="col" ta="right">{t('leavers.level')}</Table.Th>
            <Table.Th scope="col">{t('leavers.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {calibration.leavers.map((leaver) => (
            <Table.Tr key={leaver.employee_id} data-testid="calibration-leaver" data-employee-id={leaver.employee_id}>
              <Table.Th scope="row" fw={500}>{leaver.name}</Table.Th>
              <Table.Td>{leaver.unit_path.join(' / ')}</Table.Td>
              <Table.Td ta="right">{leaver.risk_level}</Table.Td>
              <Table.Td>
                <NativeSelect
                  size="xs"
                  miw={220}
                  data={options}
                  value={leaver.reason}
                  aria-label={t('leavers.reasonFor', { name: leaver.name })}
                  disabled={setReason.isPending}
                  data-testid="calibration-reason"
                  onChange={(event) => {
                    const reason = ZLeaverReason.safeParse(event.currentTarget.value);
                    if (!reason.success) return;
                    setReason.mutate(
                      { employeeId: leaver.employee_id, reason: reason.data },
                      {
                        onSuccess: () => notify('success', t('leavers.saved', { name: leaver.name })),
                        onError: () => notify('error', t('leavers.notSaved', { name: leaver.name })),
                      },
                    );
                  }}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
