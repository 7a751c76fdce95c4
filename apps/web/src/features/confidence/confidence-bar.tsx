import { Group, Stack } from '@mantine/core';
import type { TModule } from '@ona/contracts';
import type { ReactNode } from 'react';
import { ConfidenceBadge } from './confidence-badge.tsx';

/**
 * The line under a report's header: the confidence badge (of `network` when the page shows the
 * collaboration network), and beside it what the page adds (stability, coverage).
 */
export function ConfidenceBar({ engagementId, module, network, children }: { engagementId: number | null; module: Exclude<TModule, 'survey'>; network?: string | undefined; children?: ReactNode }) {
  return (
    <Stack gap={4} mb="md" mt={-12} data-testid="confidence-bar">
      <Group gap="sm" wrap="wrap">
        <ConfidenceBadge engagementId={engagementId} module={module} network={network} />
      </Group>
      {children}
    </Stack>
  );
}
