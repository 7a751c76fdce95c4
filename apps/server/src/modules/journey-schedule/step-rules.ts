import { tables } from '@ona/db';
import { ApiError } from '../../errors/api-error.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import { fromLocalTime, toLocalTime } from './local-time.ts';

type StepRow = typeof tables.journeyScheduleSteps.$inferSelect;

/** The states a step can still be acted on in: a pending step has its job, a draft waits for confirmation. */
export const OPEN_STATES = ['pending', 'draft'] as const;
/** Steps that make up the journey's schedule: what a moved time must keep its order with. */
const LIVE_STATES = new Set(['pending', 'draft', 'done']);

/** A 400 whose field error sits under `field` (`local_time` for a move, `steps.<id>` for a confirmation). */
function timeError(field: string, wrapperKey: MessageKey, code: string, key: MessageKey, params: Record<string, string>): ApiError {
  return new ApiError(400, code, wrapperKey, { [field]: [key] }, params);
}

/**
 * The instant a step's new local time stands for, refused as the schedule refuses it: a time the
 * clocks skip or repeat on a daylight-saving change, or one already past.
 */
export function checkedInstant(local: string, timeZone: string, now: Date, field: string, wrapperKey: MessageKey): Date {
  const result = fromLocalTime(local, timeZone);
  const params = { time: local.replace('T', ' '), zone: timeZone };
  if (result.kind === 'nonexistent') throw timeError(field, wrapperKey, 'schedule_time_nonexistent', 'journeys.errors.schedule_time_nonexistent', params);
  if (result.kind === 'ambiguous') throw timeError(field, wrapperKey, 'schedule_time_ambiguous', 'journeys.errors.schedule_time_ambiguous', params);
  if (result.instant.getTime() <= now.getTime()) throw timeError(field, wrapperKey, 'schedule_in_past', 'journeys.errors.schedule_in_past', params);
  return result.instant;
}

/**
 * The schedule's order with one step at a new instant: the opening before every other step, the
 * closing after every other step, anything else (reminders, and whatever kinds come later) between
 * the two. A next wave runs after the closing and is not moved.
 */
export function checkStepOrder(steps: readonly StepRow[], moved: StepRow, at: Date, field: string, wrapperKey: MessageKey): void {
  const others = steps.filter((step) => step.id !== moved.id && step.kind !== 'next_wave' && LIVE_STATES.has(step.status));
  const show = (step: StepRow) => toLocalTime(step.dueAt, step.timeZone).replace('T', ' ');
  const open = others.find((step) => step.kind === 'open');
  const close = others.find((step) => step.kind === 'close');
  if (moved.kind === 'open') {
    const first = others.reduce<StepRow | undefined>((earliest, step) => (!earliest || step.dueAt < earliest.dueAt ? step : earliest), undefined);
    if (first && first.dueAt.getTime() <= at.getTime()) throw timeError(field, wrapperKey, 'step_order_open', 'scheduleSteps.errors.step_order_open', { time: show(first) });
  } else if (moved.kind === 'close') {
    const last = others.reduce<StepRow | undefined>((latest, step) => (!latest || step.dueAt > latest.dueAt ? step : latest), undefined);
    if (last && last.dueAt.getTime() >= at.getTime()) throw timeError(field, wrapperKey, 'step_order_close', 'scheduleSteps.errors.step_order_close', { time: show(last) });
  } else if ((open && open.dueAt.getTime() >= at.getTime()) || (close && close.dueAt.getTime() <= at.getTime())) {
    throw timeError(field, wrapperKey, 'step_order_between', 'scheduleSteps.errors.step_order_between', { open: open ? show(open) : '–', close: close ? show(close) : '–' });
  }
}

/** 409 for a step that can no longer be acted on, with a message that says what became of it. */
export function requireActionable(step: StepRow, action: 'send_now' | 'skip' | 'move'): void {
  if (step.status === 'pending') return;
  if (step.status === 'draft') {
    if (action !== 'send_now') return;
    throw new ApiError(409, 'step_draft', 'scheduleSteps.errors.step_draft');
  }
  const key: MessageKey = step.status === 'done' ? 'scheduleSteps.errors.step_done' : step.status === 'failed' ? 'scheduleSteps.errors.step_failed' : 'scheduleSteps.errors.step_cancelled';
  throw new ApiError(409, 'step_not_pending', key);
}
