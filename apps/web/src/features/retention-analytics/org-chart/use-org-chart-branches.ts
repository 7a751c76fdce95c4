import type { TRetentionOrgChartPerson } from '@ona/contracts';
import { useEffect, useRef, useState } from 'react';
import { fetchOrgChartBranches } from '../retention-api.ts';

/** Leaders per request: "expand all" asks for a whole level of the tree in a few requests. */
export const BRANCHES_PER_REQUEST = 200;

export type TOrgChartBranches = ReadonlyMap<number, readonly TRetentionOrgChartPerson[]>;

/** The answer's people grouped by the branch that holds them, in the answer's (the tree's) order. */
export function groupByParent(leaders: readonly number[], people: readonly TRetentionOrgChartPerson[]): Map<number, TRetentionOrgChartPerson[]> {
  const groups = new Map<number, TRetentionOrgChartPerson[]>(leaders.map((id) => [id, []]));
  for (const person of people) if (person.parent !== null) groups.get(person.parent)?.push(person);
  return groups;
}

/** The open branches whose people are not loaded yet, walking the loaded tree from its tops. */
export function openBranches(tops: readonly TRetentionOrgChartPerson[], branches: TOrgChartBranches, isOpen: (id: number) => boolean): number[] {
  const wanted: number[] = [];
  const stack = [...tops];
  while (stack.length > 0) {
    const person = stack.pop();
    if (!person || person.direct_reports === 0 || !isOpen(person.id)) continue;
    const children = branches.get(person.id);
    if (children) stack.push(...children);
    else wanted.push(person.id);
  }
  return wanted.sort((a, b) => a - b);
}

/**
 * The branches of the leader tree loaded so far: the direct reports of every leader in `wanted`
 * (the open branches), asked for once each, in batches. A failed batch is asked for again on
 * `retry`.
 */
export function useOrgChartBranches(engagementId: number, wanted: readonly number[]) {
  const [branches, setBranches] = useState<TOrgChartBranches>(() => new Map());
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const asked = useRef(new Set<number>());
  useEffect(() => {
    const missing = wanted.filter((id) => !asked.current.has(id));
    for (let i = 0; i < missing.length; i += BRANCHES_PER_REQUEST) {
      const batch = missing.slice(i, i + BRANCHES_PER_REQUEST);
      for (const id of batch) asked.current.add(id);
      fetchOrgChartBranches(engagementId, batch).then(
        (answer) =>
          setBranches((current) => {
            const next = new Map(current);
            for (const [leader, people] of groupByParent(batch, answer.people)) next.set(leader, people);
            return next;
          }),
        (failure: unknown) => {
          for (const id of batch) asked.current.delete(id);
          setError(failure);
        },
      );
    }
  }, [engagementId, wanted, attempt]);
  return {
    branches,
    error,
    retry: () => {
      setError(null);
      setAttempt((n) => n + 1);
    },
  };
}
