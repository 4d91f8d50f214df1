import { Anchor, Text } from '@mantine/core';
import { Navigate, Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useSession } from '../../../app/session';
import { LoadingOverlay } from '../../../ui/LoadingOverlay';
import { AuthCard } from '../components/AuthCard';
import { SignupFlow } from '../components/SignupFlow';
import { authFr } from '../fr';
import { authPath, homePath, safeRedirect } from '../paths';

/** Register (SPEC §2.10, §4): input_data → verify → link_phone → verify_phone → redirect. */
export default function RegisterPage() {
  const { syndic } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { token, user } = useSession();
  const code = params.get('code');
  const target = safeRedirect(params.get('redirect')) ?? homePath(syndic);
  if (token && !user) return <LoadingOverlay />;
  // A signed-in user with a phone has nothing left to do here.
  if (user?.phone) return <Navigate to={target} replace />;
  // A signed-in user with an e-mail but no phone is forced to link_phone.
  const initial = user ? 'link_phone' : 'input_data';
  return (
    <AuthCard alias={syndic} title={authFr.register.title} maw={520}>
      <SignupFlow
        key={initial}
        initialMode={initial}
        invitationCode={code}
        onDone={() => navigate(target, { replace: true })}
      />
      {!user && (
        <Text size="sm" ta="center">
          {authFr.register.haveAccount}{' '}
          <Anchor className="tap-target" component={Link} to={authPath('login', syndic, code)}>
            {authFr.register.login}
          </Anchor>
        </Text>
      )}
    </AuthCard>
  );
}
