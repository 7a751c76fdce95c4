import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { notify } from '../notifications/notify.ts';
import { useErrorMessage } from './error-state.tsx';

/** A form's values checked against the contract's schema (the shape of zod's safeParse result). */
export type SettingsDraft<T> = { success: true; data: T } | { success: false };

/**
 * The frame every organisation settings form shares: the fields, the "out of bounds" alert while
 * the draft fails the contract's schema, and the save button, which sends the draft, puts the
 * saved settings into the query cache under `queryKey` and says so (or shows the server's error).
 */
export function SettingsForm<TInput, TSaved>(props: {
  draft: SettingsDraft<TInput>;
  save: (input: TInput) => Promise<TSaved>;
  queryKey: QueryKey;
  texts: { saved: string; outOfBounds: string; save: string };
  saveTestId: string;
  children: ReactNode;
}) {
  const { draft, texts } = props;
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: props.save,
    onSuccess: (saved) => {
      queryClient.setQueryData(props.queryKey, saved);
      notify('success', texts.saved);
    },
    onError: (error) => notify('error', errorMessage(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.success) save.mutate(draft.data);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {props.children}
        {!draft.success && (
          <Text fz="sm" c="red" role="alert">
            {texts.outOfBounds}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!draft.success} data-testid={props.saveTestId}>
            {texts.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
