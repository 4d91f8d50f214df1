import { Anchor, Tabs, Text } from '@mantine/core';
import type { User } from '@tantieme/contract';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { LOGIN_READY_EVENT } from '../../../app/loginReady';
import { useSession } from '../../../app/session';
import { AuthCard } from '../components/AuthCard';
import { EmailLogin } from '../components/EmailLogin';
import { authFr } from '../fr';
import { authPath, homePath, safeRedirect } from '../paths';

// Phone (libphonenumber, the captcha) and QR (socket.io, qrcode) load only when their tab opens.
const PhoneLogin = lazy(() => import('../components/PhoneLogin').then((m) => ({ default: m.PhoneLogin })));
const QrLogin = lazy(() => import('../components/QrLogin').then((m) => ({ default: m.QrLogin })));
const t = authFr.login;

/** Login (SPEC §2.9): tabs Email, Téléphone, QR Code; links keep the syndic alias and code. */
export default function LoginPage() {
  const { syndic } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const code = params.get('code');
  const mode = params.get('mode') ?? 'email';
  // The prerendered /login (main.tsx) replays what was typed and clicked once React has committed
  // this page: an effect runs only then.
  useEffect(() => {
    window.dispatchEvent(new Event(LOGIN_READY_EVENT));
  }, []);

  const onSignedIn = (token: string, user: User) => {
    signIn(token, user);
    const redirect = safeRedirect(params.get('redirect'));
    // An invitation code given with the login link is accepted right after sign-in.
    const next = code
      ? `${syndic ? `/s/${encodeURIComponent(syndic)}` : ''}/invitations/${encodeURIComponent(code)}`
      : (redirect ?? homePath(syndic));
    navigate(next, { replace: true });
  };

  return (
    <AuthCard alias={syndic} title={t.title}>
      <Tabs
        value={mode}
        onChange={(v) => {
          const p = new URLSearchParams(params);
          if (!v || v === 'email') p.delete('mode');
          else p.set('mode', v);
          setParams(p, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List grow mb="md">
          <Tabs.Tab value="email">{t.tabEmail}</Tabs.Tab>
          <Tabs.Tab value="phone">{t.tabPhone}</Tabs.Tab>
          <Tabs.Tab value="qrcode">{t.tabQr}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="email">
          <EmailLogin onSignedIn={onSignedIn} />
        </Tabs.Panel>
        <Tabs.Panel value="phone">
          <Suspense fallback={null}>
            <PhoneLogin onSignedIn={onSignedIn} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="qrcode">
          <Suspense fallback={null}>
            <QrLogin onSignedIn={onSignedIn} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
      <Text size="sm" ta="center">
        <Anchor className="tap-target" component={Link} to={authPath('forgot-password', syndic, code)}>
          {t.forgot}
        </Anchor>
        {' · '}
        <Anchor
          className="tap-target"
          component={Link}
          to={
            authPath('register', syndic, code) +
            (params.get('redirect')
              ? `${code ? '&' : '?'}redirect=${encodeURIComponent(params.get('redirect')!)}`
              : '')
          }
        >
          {t.register}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
