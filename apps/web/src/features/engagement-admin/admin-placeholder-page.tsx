import { useTranslation } from 'react-i18next';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { PlaceholderPage } from '../../shared/ui/placeholder-page.tsx';
import { useEngagementId } from '../engagements/use-engagement.ts';
import type { TAdminPageKey } from './admin-pages.ts';

/** Admin pages land here until the release that builds them. */
export function AdminPlaceholderPage({ page }: { page: TAdminPageKey }) {
  const { t } = useTranslation('admin');
  const path = useRoutePath();
  const engagementId = useEngagementId();
  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;
  return (
    <PlaceholderPage
      title={t(`pages.${page}.title`)}
      message={t('placeholder')}
      back={{ to: path(`engagements/${engagementId}/admin.html`), label: t('backToAdmin') }}
    />
  );
}
