import type { TModule } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { PlaceholderPage } from '../../shared/ui/placeholder-page.tsx';
import { useEngagementId } from './use-engagement.ts';

/** Every page of a module that a later release builds lands here meanwhile. */
export function ModulePlaceholderPage({ module }: { module: TModule }) {
  const { t } = useTranslation(['engagements', 'common']);
  const path = useRoutePath();
  const engagementId = useEngagementId();
  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;
  return (
    <PlaceholderPage
      title={t(`modules.${module}.title`)}
      message={t('placeholder.module')}
      back={{ to: path(`engagements/${engagementId}.html`), label: t('common:nav.backToJourney') }}
    />
  );
}
