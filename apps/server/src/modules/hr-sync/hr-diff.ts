import type { THrSyncDiff } from '@ona/contracts';
import type { HrRecord, HrRefusal, TOptionalField } from './hr-records.ts';

/** A person of the directory as the diff needs them. */
export interface DirectoryPersonState {
  id: number;
  externalId: string;
  userName: string;
  email: string;
  displayName: string;
  unitPath: string | null;
  managerExternalId: string | null;
  hireDate: string | null;
  leaveDate: string | null;
  leaveReason: string | null;
  language: string | null;
  timeZone: string | null;
  gender: string | null;
  generation: string | null;
  location: string | null;
  attributes: Record<string, string>;
  active: boolean;
  deleted: boolean;
}

/** The columns a sync writes for a person (insert or update). */
export type PersonValues = Omit<DirectoryPersonState, 'id' | 'deleted'>;

export type HrProblemCode = 'duplicate_external_id' | 'duplicate_email' | 'leave_before_hire' | 'manager_unknown' | 'manager_cycle' | 'unit_case_only' | 'email_in_use';

/** What makes the whole file refused (nothing is applied): the row it is in (null: the file) and the message's parameters. */
export interface HrProblem {
  row: number | null;
  code: HrProblemCode;
  params: Record<string, string>;
}

/** The diff as stored: the refused rows carry reason codes, translated when read. */
export type StoredDiff = Omit<THrSyncDiff, 'refused'> & { refused: HrRefusal[] };

export interface HrPlan {
  inserts: PersonValues[];
  /** `history`: the unit, manager or active state changed, so a history row is written. */
  updates: { id: number; values: PersonValues; revive: boolean; history: boolean }[];
}

export interface HrDiffResult {
  problems: HrProblem[];
  diff: StoredDiff;
  plan: HrPlan;
  /** Units that had active people and would have none, with the e-mails of those who were in them (the guard asks about open journeys). */
  emptiedUnits: { unit: string; emails: string[] }[];
}

const COMPARED: readonly (keyof PersonValues)[] = ['email', 'displayName', 'hireDate', 'language', 'timeZone', 'gender', 'generation', 'location'];
const LABEL: Partial<Record<keyof PersonValues, string>> = {
  email: 'email', displayName: 'display_name', hireDate: 'hire_date', language: 'language', timeZone: 'time_zone', gender: 'gender', generation: 'generation', location: 'location', leaveDate: 'leave_date', leaveReason: 'leave_reason',
};
/** At most this many problems are reported: a renamed unit of 2,000 people is one mistake, not 2,000 messages. */
const MAX_PROBLEMS = 100;

const active = (p: DirectoryPersonState) => p.active && !p.deleted;

/** The person's values after the sync: the file's mapped fields over the directory's. */
function merged(before: DirectoryPersonState | undefined, record: HrRecord, isActive: boolean): PersonValues {
  const pick = (field: TOptionalField): string | null => (field in record ? (record[field] ?? null) : (before?.[field] ?? null));
  const attributes: Record<string, string> = { ...(before?.attributes ?? {}) };
  for (const [key, value] of Object.entries(record.attributes)) {
    if (value === null) delete attributes[key];
    else attributes[key] = value;
  }
  return {
    externalId: record.externalId,
    userName: before?.userName ?? record.email,
    email: record.email,
    displayName: record.displayName,
    unitPath: pick('unitPath'),
    managerExternalId: pick('managerExternalId'),
    hireDate: pick('hireDate'),
    leaveDate: isActive ? null : pick('leaveDate'),
    leaveReason: isActive ? null : pick('leaveReason') ?? (before && !active(before) ? before.leaveReason : null),
    language: pick('language'),
    timeZone: pick('timeZone'),
    gender: pick('gender'),
    generation: pick('generation'),
    location: pick('location'),
    attributes,
    active: isActive,
  };
}

function fieldChanges(before: DirectoryPersonState, after: PersonValues, withLeave: boolean) {
  const changes: { field: string; from: string | null; to: string | null }[] = [];
  for (const key of [...COMPARED, ...(withLeave ? (['leaveDate', 'leaveReason'] as const) : [])]) {
    const from = before[key] as string | null;
    const to = after[key] as string | null;
    if (from !== to) changes.push({ field: LABEL[key] ?? key, from, to });
  }
  const keys = new Set([...Object.keys(before.attributes), ...Object.keys(after.attributes)]);
  for (const key of [...keys].sort()) {
    const from = before.attributes[key] ?? null;
    const to = after.attributes[key] ?? null;
    if (from !== to) changes.push({ field: key, from, to });
  }
  return changes;
}

/** Rows of values that occur more than once (external ids, e-mails): one problem per repeated row. */
function duplicates(rows: { row: number; value: string }[], code: HrProblemCode, problems: HrProblem[]): void {
  const byValue = new Map<string, number[]>();
  for (const { row, value } of rows) {
    const found = byValue.get(value);
    if (found) found.push(row);
    else byValue.set(value, [row]);
  }
  for (const [value, found] of byValue) {
    if (found.length < 2) continue;
    for (const row of found.slice(1)) problems.push({ row, code, params: { value, rows: found.join(', ') } });
  }
}

/** Manager chains that come back to where they started, among the file's people and the directory's others. */
function managerCycles(records: HrRecord[], people: DirectoryPersonState[], problems: HrProblem[]): void {
  const managerOf = new Map<string, string | null>();
  for (const p of people) if (active(p)) managerOf.set(p.externalId, p.managerExternalId);
  const rowOf = new Map<string, number>();
  for (const r of records) {
    managerOf.set(r.externalId, 'managerExternalId' in r ? (r.managerExternalId ?? null) : (managerOf.get(r.externalId) ?? null));
    rowOf.set(r.externalId, r.row);
  }
  const done = new Set<string>();
  for (const start of rowOf.keys()) {
    const walk: string[] = [];
    const onWalk = new Set<string>();
    let at: string | null | undefined = start;
    while (at && !done.has(at) && !onWalk.has(at)) {
      walk.push(at);
      onWalk.add(at);
      at = managerOf.get(at);
    }
    if (at && onWalk.has(at)) {
      const cycle = walk.slice(walk.indexOf(at));
      const row = cycle.map((id) => rowOf.get(id)).find((r) => r !== undefined) ?? null;
      problems.push({ row, code: 'manager_cycle', params: { chain: [...cycle, at].join(' → ') } });
    }
    for (const id of walk) done.add(id);
  }
}

/** Unit paths that differ only in upper and lower case, between the file and the directory or within the file. */
function caseOnlyUnits(records: HrRecord[], people: DirectoryPersonState[], problems: HrProblem[]): void {
  const spellings = new Map<string, Set<string>>();
  const add = (unit: string | null | undefined) => {
    if (!unit) return;
    const key = unit.toLowerCase();
    spellings.set(key, (spellings.get(key) ?? new Set()).add(unit));
  };
  for (const p of people) if (active(p)) add(p.unitPath);
  for (const r of records) add(r.unitPath);
  const directorySpelling = new Map<string, string>();
  for (const p of people) if (active(p) && p.unitPath) directorySpelling.set(p.unitPath.toLowerCase(), p.unitPath);
  const reported = new Set<string>();
  for (const r of records) {
    if (!r.unitPath) continue;
    const key = r.unitPath.toLowerCase();
    const all = spellings.get(key);
    if (!all || all.size < 2 || reported.has(r.unitPath)) continue;
    const other = directorySpelling.get(key) !== r.unitPath ? (directorySpelling.get(key) ?? [...all].find((s) => s !== r.unitPath)) : [...all].find((s) => s !== r.unitPath);
    if (other === undefined) continue;
    reported.add(r.unitPath);
    problems.push({ row: r.row, code: 'unit_case_only', params: { value: r.unitPath, other } });
  }
}

/**
 * Compares an HR file with the directory (pure: no I/O, no clock; `today` is the sync's day). The
 * file is the whole company: an active person it does not name becomes a leaver (today), a row with
 * a leave date on or before today makes a leaver with that date, a later leave date keeps the
 * person active until a sync after it. A refused row leaves its person as they are.
 */
export function diffHrFile(people: DirectoryPersonState[], records: HrRecord[], refusals: HrRefusal[], today: string): HrDiffResult {
  const problems: HrProblem[] = [];
  const byExternalId = new Map(people.map((p) => [p.externalId, p] as const));
  duplicates([...records.map((r) => ({ row: r.row, value: r.externalId })), ...refusals.flatMap((r) => (r.externalId ? [{ row: r.row, value: r.externalId }] : []))].sort((a, b) => a.row - b.row), 'duplicate_external_id', problems);
  duplicates(records.map((r) => ({ row: r.row, value: r.email })), 'duplicate_email', problems);
  const inFile = new Set(records.map((r) => r.externalId));
  const refusedIds = new Set(refusals.flatMap((r) => (r.externalId ? [r.externalId] : [])));
  // People who stay active without being in the file: those whose row was refused.
  const staying = new Map(people.filter((p) => active(p) && refusedIds.has(p.externalId) && !inFile.has(p.externalId)).map((p) => [p.email.toLowerCase(), p.externalId] as const));
  for (const r of records) {
    const hire = 'hireDate' in r ? r.hireDate : byExternalId.get(r.externalId)?.hireDate;
    if (r.leaveDate && hire && r.leaveDate < hire) problems.push({ row: r.row, code: 'leave_before_hire', params: { leave: r.leaveDate, hire } });
    if (r.managerExternalId && !inFile.has(r.managerExternalId) && !byExternalId.has(r.managerExternalId)) problems.push({ row: r.row, code: 'manager_unknown', params: { value: r.managerExternalId } });
    const holder = staying.get(r.email);
    if (holder !== undefined && holder !== r.externalId) problems.push({ row: r.row, code: 'email_in_use', params: { value: r.email } });
  }
  managerCycles(records, people, problems);
  caseOnlyUnits(records, people, problems);

  const diff: StoredDiff = {
    counts: { rows: records.length + refusals.length, joiners: 0, movers: 0, leavers: 0, changed: 0, unchanged: 0, refused: refusals.length, active_before: 0, active_after: 0 },
    joiners: [], movers: [], leavers: [], changed: [], refused: refusals,
  };
  const plan: HrPlan = { inserts: [], updates: [] };
  const takenUserNames = new Set(people.filter((p) => !p.deleted).map((p) => p.userName.toLowerCase()));
  const freeUserName = (wanted: string, externalId: string) => {
    const name = takenUserNames.has(wanted.toLowerCase()) ? `hr:${externalId}` : wanted;
    takenUserNames.add(name.toLowerCase());
    return name;
  };
  const unitsBefore = new Map<string, string[]>();
  const unitsAfter = new Map<string, number>();
  for (const p of people) {
    if (!active(p)) continue;
    diff.counts.active_before++;
    if (!p.unitPath) continue;
    const emails = unitsBefore.get(p.unitPath);
    if (emails) emails.push(p.email);
    else unitsBefore.set(p.unitPath, [p.email]);
  }
  const countAfter = (values: PersonValues) => {
    if (!values.active) return;
    diff.counts.active_after++;
    if (values.unitPath) unitsAfter.set(values.unitPath, (unitsAfter.get(values.unitPath) ?? 0) + 1);
  };

  for (const record of records) {
    const isActive = !record.leaveDate || record.leaveDate > today;
    const before = byExternalId.get(record.externalId);
    const values = merged(before, record, isActive);
    countAfter(values);
    const ref = { external_id: record.externalId, display_name: record.displayName };
    if (!before) {
      values.userName = freeUserName(record.email, record.externalId);
      plan.inserts.push(values);
      if (isActive) diff.joiners.push({ ...ref, email: values.email, unit_path: values.unitPath, manager_external_id: values.managerExternalId });
      else diff.counts.unchanged++; // a former employee the directory did not know: recorded as the leaver they are
      continue;
    }
    const wasActive = active(before);
    if (before.deleted && before.userName.toLowerCase() !== values.userName.toLowerCase()) values.userName = freeUserName(values.userName, record.externalId);
    else if (before.deleted) values.userName = freeUserName(before.userName, record.externalId);
    const moved = values.unitPath !== before.unitPath || values.managerExternalId !== before.managerExternalId;
    const changes = fieldChanges(before, values, !wasActive && !isActive);
    const history = moved || wasActive !== isActive || (before.deleted && isActive);
    if (!wasActive && isActive) diff.joiners.push({ ...ref, email: values.email, unit_path: values.unitPath, manager_external_id: values.managerExternalId });
    else if (wasActive && !isActive) diff.leavers.push({ ...ref, unit_path: before.unitPath, leave_date: values.leaveDate ?? today, leave_reason: values.leaveReason, missing_from_file: false });
    else {
      if (wasActive && moved) diff.movers.push({ ...ref, unit_from: before.unitPath, unit_to: values.unitPath, manager_from: before.managerExternalId, manager_to: values.managerExternalId });
      if (changes.length > 0) diff.changed.push({ ...ref, changes });
      if (!moved && changes.length === 0) { diff.counts.unchanged++; continue; }
    }
    plan.updates.push({ id: before.id, values, revive: before.deleted && isActive, history });
  }
  for (const p of people) {
    if (!active(p) || inFile.has(p.externalId)) continue;
    if (refusedIds.has(p.externalId)) { countAfter({ ...p }); continue; }
    const values: PersonValues = { ...p, active: false, leaveDate: today, leaveReason: null };
    diff.leavers.push({ external_id: p.externalId, display_name: p.displayName, unit_path: p.unitPath, leave_date: today, leave_reason: null, missing_from_file: true });
    plan.updates.push({ id: p.id, values, revive: false, history: true });
  }
  diff.counts.joiners = diff.joiners.length;
  diff.counts.movers = diff.movers.length;
  diff.counts.leavers = diff.leavers.length;
  diff.counts.changed = diff.changed.length;
  const emptiedUnits = [...unitsBefore].filter(([unit]) => !unitsAfter.has(unit)).map(([unit, emails]) => ({ unit, emails }));
  return { problems: problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0)).slice(0, MAX_PROBLEMS), diff, plan, emptiedUnits };
}

