import type { TGroupRole, TKeyPeopleListPage, TKeyRole } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import type { TRoleChoice } from './key-people-filter.ts';

export type TRoleDescription = { label: string; explanation: string | null };

/** Splits `key:advisor` / `group:gatekeeper` into its kind and code. */
export function parseRoleChoice(choice: TRoleChoice): { kind: 'key'; role: TKeyRole } | { kind: 'group'; role: TGroupRole } {
  const [kind, role] = choice.split(':') as ['key', TKeyRole] | ['group', TGroupRole];
  return kind === 'key' ? { kind, role } : { kind, role };
}

/**
 * A role's localized label and its manager sentence. The sentence comes from the API (already in
 * the request's language, docs/methods.md); the labels reuse the graph's key-role names so that a
 * role is called the same on every page.
 */
export function useRoleDescriber(explanations: TKeyPeopleListPage['explanations'] | undefined): (choice: TRoleChoice) => TRoleDescription {
  const { t } = useTranslation(['keyPeople', 'graph']);
  return (choice) => {
    const parsed = parseRoleChoice(choice);
    if (parsed.kind === 'key') return { label: t(`graph:keyRoles.${parsed.role}`), explanation: explanations?.key_roles[parsed.role] ?? null };
    return { label: t(`keyPeople:groupRoles.${parsed.role}`), explanation: explanations?.group_roles[parsed.role] ?? null };
  };
}
