import { Navigate, useLocation } from 'react-router-dom';
import { useCurrentCoproprietaire } from '../coproprietaire/queries';

const ONBOARDING_STEPS = /\/(init-profiles|init-settings)\/?$/;

/**
 * SPEC §2.15: a record whose onboarding is not done opens on its step 'Mes coordonnées et
 * informations'; the two onboarding steps themselves are never redirected.
 */
export function OnboardingRedirect() {
  const { record } = useCurrentCoproprietaire();
  const { pathname } = useLocation();
  if (!record || record.init_settings_done || ONBOARDING_STEPS.test(pathname)) return null;
  // A disabled record is never entered (SPEC §4 Switching co-owner): the switcher handles it.
  if (record.coproprietes[0]?.syndic_disable) return null;
  return <Navigate to={`/${record.id}/init-profiles`} replace />;
}
