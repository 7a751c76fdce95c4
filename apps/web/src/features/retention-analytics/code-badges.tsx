import { Badge, Group, Text, Tooltip } from '@mantine/core';
import type { TGroupRole, TKeyRole, TRetentionExplanations, TRiskFactorCode } from '@ona/contracts';
import { useTranslation } from 'react-i18next';

type TCodeKind = 'riskFactors' | 'keyRoles' | 'groupRoles';

type TCodeBadgesProps = {
  explanations: TRetentionExplanations;
  /** At most this many badges; the rest show as "+n" with every name in its tooltip. */
  limit?: number;
  wrap?: boolean;
} & (
  | { kind: 'riskFactors'; codes: readonly TRiskFactorCode[] }
  | { kind: 'keyRoles'; codes: readonly TKeyRole[] }
  | { kind: 'groupRoles'; codes: readonly TGroupRole[] }
);

const COLORS: Record<TCodeKind, string> = { riskFactors: 'orange', keyRoles: 'indigo', groupRoles: 'grape' };
/** A row that does not wrap (the datasheet, whose columns are measured for one line) keeps each badge on one line too. */
const ONE_LINE = { label: { whiteSpace: 'nowrap' } } as const;

/** Localised names of codes as badges, each with the server's explanation as its tooltip. */
export function CodeBadges(props: TCodeBadgesProps) {
  const { t } = useTranslation('retention');
  const { explanations, limit, wrap = true } = props;
  const entries: { code: string; label: string; explanation: string | undefined }[] =
    props.kind === 'riskFactors'
      ? props.codes.map((code) => ({ code, label: t(`codes.riskFactors.${code}`), explanation: explanations.risk_factors[code] }))
      : props.kind === 'keyRoles'
        ? props.codes.map((code) => ({ code, label: t(`codes.keyRoles.${code}`), explanation: explanations.key_roles[code] }))
        : props.codes.map((code) => ({ code, label: t(`codes.groupRoles.${code}`), explanation: explanations.group_roles[code] }));
  if (entries.length === 0) {
    return (
      <Text fz="sm" c="dimmed" component="span">
        –
      </Text>
    );
  }
  const shown = limit === undefined ? entries : entries.slice(0, limit);
  const hidden = entries.slice(shown.length);
  return (
    // Badges keep their whole text: in a row that does not wrap (the datasheet) the column is as wide as they are.
    <Group gap={4} wrap={wrap ? 'wrap' : 'nowrap'}>
      {shown.map((entry) => (
        <Tooltip key={entry.code} label={entry.explanation ?? entry.label} multiline w={300} withArrow openDelay={100} disabled={entry.explanation === undefined}>
          <Badge color={COLORS[props.kind]} variant="light" tt="none" fw={500} tabIndex={0} style={{ flexShrink: 0 }} styles={wrap ? undefined : ONE_LINE} data-code={entry.code}>
            {entry.label}
          </Badge>
        </Tooltip>
      ))}
      {hidden.length > 0 && (
        <Tooltip label={hidden.map((entry) => entry.label).join(', ')} multiline w={300} withArrow>
          <Badge color="gray" variant="outline" tabIndex={0} style={{ flexShrink: 0 }} styles={ONE_LINE}>
            {t('employees.more', { count: hidden.length })}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
