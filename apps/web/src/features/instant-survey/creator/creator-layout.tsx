import { Button, Group, Modal, Stepper, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useBlocker, useLocation } from 'react-router';
import { useRoutePath } from '../../../shared/routing/route-set-context.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useCreatorStore } from './creator-store.ts';

const STEPS = ['templates', 'questions', 'participants'] as const;

/**
 * The creator's frame: the steps, and the guard of §4 — leaving with unsaved changes asks
 * "Are you sure?" (moving between the creator's own steps never does).
 */
export function CreatorLayout() {
  const { t } = useTranslation('instantSurvey');
  const path = useRoutePath();
  const { pathname } = useLocation();
  const editing = useCreatorStore((state) => state.draft.id !== undefined);
  const creatorBase = path('surveys/new/');
  const dirty = useCreatorStore((state) => state.dirty);
  // useBlocker sees only the app's own navigation; a reload, a closed tab or a typed address goes
  // through the browser, which asks with its own dialog when the page cancels beforeunload.
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const blocker = useBlocker(({ nextLocation }) => useCreatorStore.getState().dirty && !nextLocation.pathname.startsWith(creatorBase));
  const active = Math.max(0, STEPS.findIndex((step) => pathname.endsWith(`${step}.html`)));
  return (
    <>
      <PageHeader title={editing ? t('creator.editTitle') : t('creator.title')} back={{ to: path('surveys/list.html'), label: t('details.back') }} />
      <Stepper active={active} size="sm" mb="xl" allowNextStepsSelect={false}>
        <Stepper.Step label={t('creator.stepTemplates')} />
        <Stepper.Step label={t('creator.stepQuestions')} />
        <Stepper.Step label={t('creator.stepParticipants')} />
      </Stepper>
      <Outlet />
      <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('creator.leaveTitle')} centered>
        <Text mb="lg">{t('creator.leaveText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            {t('creator.leaveStay')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              useCreatorStore.getState().markSaved();
              blocker.proceed?.();
            }}
          >
            {t('creator.leaveExit')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
