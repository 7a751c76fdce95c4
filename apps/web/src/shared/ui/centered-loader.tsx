import { Center, Loader, Stack, Text } from '@mantine/core';

export function CenteredLoader({ label }: { label: string }) {
  return (
    <Center mih={240} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" />
        <Text c="dimmed" fz="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
