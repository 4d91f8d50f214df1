import { Navigate, useLocation } from 'react-router-dom';
import { useCurrentCoproprietaire } from '../coproprietaire/queries';
import { onboardingStart } from './redirect';

/**
 * Never redirected: the two onboarding steps, and the record's information screen, where a
 * record attached by mistake can be detached before going through onboarding.
 */
const EXEMPT = /\/(init-profiles|init-settings|compte)\/?$/;

/**
 * SPEC §2.15: a record whose onboarding is not done opens on its step 'Mes coordonnées et
 * informations'.
 */
export function OnboardingRedirect() {
  const { record } = useCurrentCoproprietaire();
  const { pathname, search } = useLocation();
  if (!record || record.init_settings_done || EXEMPT.test(pathname)) return null;
  // A disabled record is never entered (SPEC §4 Switching co-owner): the switcher handles it.
  if (record.coproprietes[0]?.syndic_disable) return null;
  return <Navigate to={onboardingStart(record.id, pathname, search)} replace />;
}
