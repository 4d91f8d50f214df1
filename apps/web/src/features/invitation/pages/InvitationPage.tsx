import { Alert, Anchor, Button, Loader, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  ApiError,
  invitationEndpoints,
  invitationProblem,
  type InvitationInfo,
  msg,
} from '@tantieme/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { api } from '../../../api';
import { useSession } from '../../../app/session';
import { AuthCard } from '../../auth/components/AuthCard';
import { type SignupMode, SignupFlow } from '../../auth/components/SignupFlow';
import { authFr } from '../../auth/fr';
import { authPath, homePath, safeRedirect } from '../../auth/paths';

const t = authFr.invitation;
const ACCEPT_DELAY_MS = 2000;

/**
 * Invitation page (SPEC §2.12, §4, §8): input_token → input_data → verify → link_phone →
 * verify_phone; a signed-in user with e-mail and phone has it accepted and goes to its home.
 */
export default function InvitationPage() {
  const { syndic, token } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { token: session, user } = useSession();
  const [code, setCode] = useState(token ?? '');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [info, setInfo] = useState<InvitationInfo | null>(null);
  const [mode, setMode] = useState<'input_token' | SignupMode>('input_token');
  const [busy, setBusy] = useState(false);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const [accepting, setAccepting] = useState(false);
  const checkedUrlToken = useRef(false);

  const check = async (value: string) => {
    const c = value.trim();
    if (!c) return setCodeError(msg.required);
    setBusy(true);
    setCodeError(null);
    try {
      const i = await api.call(invitationEndpoints.info, { params: { code: c } });
      const problem = invitationProblem(i);
      if (problem) return setCodeError(problem);
      setInfo(i);
      setCode(c);
      if (user) await accept(c);
      else setMode('input_data');
    } catch (err) {
      setCodeError(err instanceof ApiError && err.status === 429 ? err.message : invitationProblem(null));
    } finally {
      setBusy(false);
    }
  };

  const checkRef = useRef(check);
  checkRef.current = check;
  // A code in the URL is checked at once (anonymous visitors).
  useEffect(() => {
    if (token && !session && !checkedUrlToken.current) {
      checkedUrlToken.current = true;
      void checkRef.current(token);
    }
  }, [token, session]);

  /** A signed-in user accepts the invitation; without a phone yet, link_phone follows. */
  async function accept(c: string) {
    setAccepting(true);
    try {
      const r = await api.call(invitationEndpoints.attach, { params: { code: c } });
      if (user?.phone) navigate(`/${r.id}/home`, { replace: true });
      else setMode('link_phone');
    } catch (err) {
      setAcceptError(err instanceof ApiError ? err.message : authFr.genericError);
    } finally {
      setAccepting(false);
    }
  }

  const acceptRef = useRef(accept);
  acceptRef.current = accept;
  // A signed-in user opening an invitation link: after 2 s, the invitation is accepted. Only
  // while the page still asks for the code: a visitor who registers here is signed in after the
  // e-mail code with the invitation already used by the registration, and must not accept twice.
  const userId = user?.id;
  const asksCode = mode === 'input_token';
  useEffect(() => {
    if (!session || !userId || !token || !asksCode) return;
    const timer = setTimeout(() => void acceptRef.current(token), ACCEPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [session, userId, token, asksCode]);

  const done = () => navigate(safeRedirect(params.get('redirect')) ?? homePath(syndic), { replace: true });
  const submitToken = (e: FormEvent) => {
    e.preventDefault();
    void check(code);
  };

  const owner = info?.metadata?.coproprietaire_name;
  const signedInAccepting = (!!(session && token) || accepting) && mode === 'input_token';
  return (
    <AuthCard alias={syndic} title={t.title} subtitle={owner ? t.welcome(owner) : undefined} maw={520}>
      {signedInAccepting && !acceptError && (
        <Stack align="center" gap="xs" role="status">
          <Loader />
          <Text size="sm">{t.accepting}</Text>
        </Stack>
      )}
      {acceptError && (
        <Stack>
          <Alert color="red" role="alert">
            {acceptError}
          </Alert>
          <Button component={Link} to={homePath(syndic)} variant="light">
            {authFr.qrConfirm.home}
          </Button>
        </Stack>
      )}
      {!signedInAccepting && mode === 'input_token' && (
        <form onSubmit={submitToken} noValidate>
          <Stack>
            <TextInput
              label={t.token}
              value={code}
              onChange={(e) => {
                setCode(e.currentTarget.value.toUpperCase());
                setCodeError(null);
              }}
              error={codeError}
              required
              autoFocus
              autoCapitalize="characters"
              rightSection={
                <Tooltip label={t.tokenTooltip} openDelay={500} offset={5} position="top" withArrow>
                  <IconInfoCircle size={18} aria-label={t.tokenTooltip} tabIndex={0} role="img" />
                </Tooltip>
              }
            />
            <Button type="submit" loading={busy} fullWidth>
              {authFr.register.next}
            </Button>
          </Stack>
        </form>
      )}
      {mode !== 'input_token' && (
        <SignupFlow
          initialMode={mode}
          invitationCode={code}
          prefill={info?.coproprietaire_info}
          onModeChange={setMode}
          onDone={done}
        />
      )}
      {!session && (
        <Text size="sm" ta="center">
          {t.haveAccount}{' '}
          <Anchor component={Link} to={authPath('login', syndic, code || token)}>
            {t.login}
          </Anchor>
        </Text>
      )}
    </AuthCard>
  );
}
