import { Group, Stack } from '@mantine/core';
import type { TModule } from '@ona/contracts';
import type { ReactNode } from 'react';
import { ConfidenceBadge } from './confidence-badge.tsx';

/** The line under a report's header: the confidence badge, and beside it what the page adds (stability, coverage). */
export function ConfidenceBar({ engagementId, module, children }: { engagementId: number | null; module: Exclude<TModule, 'survey'>; children?: ReactNode }) {
  return (
    <Stack gap={4} mb="md" mt={-12} data-testid="confidence-bar">
      <Group gap="sm" wrap="wrap">
        <ConfidenceBadge engagementId={engagementId} module={module} />
      </Group>
      {children}
    </Stack>
  );
}
