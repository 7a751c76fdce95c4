import type { TAdminEmployee } from '@ona/contracts';
import { foldText } from '../../../shared/format/fold-text.ts';

/** Matches name, e-mail, unit and leader, accent- and case-blind; an empty term matches everyone. */
export function filterEmployees(employees: readonly TAdminEmployee[], term: string): TAdminEmployee[] {
  const folded = foldText(term);
  if (!folded) return [...employees];
  return employees.filter((employee) =>
    [employee.name, employee.email ?? '', employee.unit?.name ?? '', employee.leader?.name ?? ''].some((value) => foldText(value).includes(folded)),
  );
}

export type TParticipationState = 'not_invited' | 'invited' | 'started' | 'finished';

export function participationState(employee: Pick<TAdminEmployee, 'invited_at' | 'terms_accepted' | 'finished'>): TParticipationState {
  if (employee.finished) return 'finished';
  if (employee.terms_accepted) return 'started';
  if (employee.invited_at) return 'invited';
  return 'not_invited';
}
