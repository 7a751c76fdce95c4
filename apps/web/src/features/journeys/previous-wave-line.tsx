import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { engagementQuery } from '../engagements/engagements-api.ts';

/**
 * "Next wave of <previous journey>" on a wave's page. A previous journey the reader cannot open
 * (no access, or deleted) is still mentioned, without a link.
 */
export function PreviousWaveLine({ previousId }: { previousId: number }) {
  const { t } = useTranslation('journeys');
  const path = useRoutePath();
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  const previous = useQuery(engagementQuery(organizationId, previousId));
  if (previous.isPending) return null;
  return (
    <Text fz="sm" c="dimmed" component="span" data-testid="previous-wave">
      {previous.data ? (
        <Trans
          t={t}
          i18nKey="details.nextWaveOf"
          values={{ name: previous.data.name }}
          components={{ journey: <Anchor component={Link} to={path(`engagements/${previousId}.html`)} fz="sm" data-testid="previous-wave-link" /> }}
        />
      ) : (
        t('details.nextWaveOfUnknown')
      )}
    </Text>
  );
}
