import type { ReactNode } from 'react';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';

/** The organisation pages exist only for organization_admin; others see the not-found page. */
export function RequireOrganizationAdmin({ children }: { children: ReactNode }) {
  const user = useAuthStore((state) => state.user);
  if (!user?.permissions.includes('organization_admin')) return <NotFoundContent homePath="engagements/list.html" />;
  return <>{children}</>;
}
