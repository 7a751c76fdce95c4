import { Center, Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { REDIRECT_PARAM, safeReturnTarget } from '../../shared/routing/return-target.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { BrandMark } from '../../shared/ui/brand-mark.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState } from '../../shared/ui/error-state.tsx';
import { profileQuery } from './session-api.ts';
import { MAIN_CONTENT_ID } from '../../shared/ui/skip-link.tsx';

/** The data loader of spec §2: loads the profile, then goes on to its `redirect` target. */
export function LoadingPage() {
  const { t } = useTranslation();
  const path = useRoutePath();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const setUser = useAuthStore((state) => state.setUser);
  // Asked for afresh, unless warm-session.ts (at start) has just done so.
  const profile = useQuery(profileQuery);
  const target = safeReturnTarget(searchParams.get(REDIRECT_PARAM), path('engagements/list.html'));

  useEffect(() => {
    if (!profile.data) return;
    setUser(profile.data);
    void navigate(target, { replace: true });
  }, [profile.data, setUser, navigate, target]);

  return (
    <Container component="main" id={MAIN_CONTENT_ID} size="xs" py={64}>
      <Center mb="xl">
        <BrandMark />
      </Center>
      {profile.isError ? (
        <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <CenteredLoader label={t('loading.profile')} />
      )}
    </Container>
  );
}
