import { Alert, Badge, Button, Card, Center, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { formatParisDate, formatParisTime, type ProxyInfo, type ResolutionsData } from '@tantieme/contract';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmModal } from '../../../ui/confirm';
import { frPouvoir as t } from '../fr.pouvoir';
import { acceptProxy, type AgTarget, fetchSealedProxy, useProxies, withdrawProxy } from '../queries';
import { DonnerPouvoirForm } from './DonnerPouvoirForm';

const when = (iso: string) => `${formatParisDate(iso)} à ${formatParisTime(iso)}`;
const toSignature = (url: string) =>
  window.location.assign(`${url}&retour=${encodeURIComponent(`${window.location.pathname}?onglet=pouvoir`)}`);

/** Downloads through a link made at the click: the signed URL lives ten minutes. */
async function downloadSealed(target: AgTarget, agId: string, proxyId: string) {
  const r = await fetchSealedProxy(target, agId, proxyId);
  const a = document.createElement('a');
  a.href = r.url;
  a.download = r.name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

function ProxyCard({
  p,
  held,
  download,
  actions,
}: {
  p: ProxyInfo;
  held: boolean;
  /** The sealed PDF's download, once the proxy is signed and sealed. */
  download?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={held ? 'pouvoir-detenu' : 'pouvoir-donne'}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Text fw={600}>{held ? t.from(p.mandant.name) : t.to(p.mandataire.name)}</Text>
        <Badge
          color={p.status === 'active' ? 'teal.9' : 'gray.7'}
          variant="light"
          c={p.status === 'active' ? 'teal.9' : 'gray.8'}
        >
          {t.status[p.status]}
        </Badge>
      </Group>
      <Text size="sm" c="gray.7">
        {[
          p.signed_at && t.signedOn(when(p.signed_at)),
          p.accepted_at && t.acceptedOn(when(p.accepted_at)),
          p.withdrawn_at && t.withdrawnOn(when(p.withdrawn_at)),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      <Text size="sm" fw={500} mt="xs">
        {t.instructions}
      </Text>
      {p.instructions.length === 0 ? (
        <Text size="sm">{t.allFree}</Text>
      ) : (
        <List size="sm">
          {p.instructions.map((i) => (
            <List.Item key={i.resolution_id}>
              {t.resolution(i.number, i.title)}
              {'\u202f'}: <strong>{t.votes[i.vote]}</strong>
            </List.Item>
          ))}
        </List>
      )}
      {(download || actions) && (
        <Group mt="sm" gap="sm" wrap="wrap">
          {download}
          {actions}
        </Group>
      )}
    </Card>
  );
}

/** 'Pouvoir': the proxy the co-owner gave (or the form to give one) and the proxies they hold. */
export function PouvoirTab({
  target,
  agId,
  data,
  active,
}: {
  target: AgTarget;
  agId: string;
  data: ResolutionsData;
  active: boolean;
}) {
  const q = useProxies(target, agId, active);
  const [form, setForm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (q.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement…" />
      </Center>
    );
  if (!q.data)
    return (
      <Alert color="red" role="alert">
        {t.loadError}
      </Alert>
    );
  const d = q.data;
  const current = d.given.find((p) => p.status === 'active');

  const sealedButton = (p: ProxyInfo) =>
    p.sealed ? (
      <Button
        variant="light"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={busy}
        // The label wraps on a phone rather than lose its end.
        styles={{ root: { height: 'auto', minHeight: 36, paddingBlock: 6 }, label: { whiteSpace: 'normal' } }}
        onClick={() =>
          run(async () => {
            try {
              await downloadSealed(target, agId, p.id);
            } catch {
              throw new Error(t.sealedError);
            }
          })
        }
      >
        {t.sealedPdf}
      </Button>
    ) : null;

  async function run(f: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await f();
    } catch (err) {
      setError(err instanceof Error ? err.message : t.error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t.givenTitle}
      </Title>
      {!d.open && <Text c="gray.7">{t.closed}</Text>}
      {d.open && !current && !form && (
        <Stack gap="xs" align="flex-start">
          <Text>{t.intro}</Text>
          <Button onClick={() => setForm(true)}>{t.give}</Button>
        </Stack>
      )}
      {form && !current && (
        <DonnerPouvoirForm
          target={target}
          agId={agId}
          proxies={d}
          data={data}
          onCancel={() => setForm(false)}
        />
      )}
      {d.given.map((p) => (
        <ProxyCard
          key={p.id}
          p={p}
          held={false}
          download={sealedButton(p)}
          actions={
            d.open && p.status === 'active' ? (
              <Button
                variant="outline"
                color="red.8"
                loading={busy}
                onClick={async () => {
                  if (!(await confirmModal({ message: t.withdrawConfirm(p.mandataire.name), danger: true })))
                    return;
                  await run(async () => {
                    await withdrawProxy(target, agId, p.id);
                    await q.refetch();
                  });
                }}
              >
                {t.withdraw}
              </Button>
            ) : undefined
          }
        />
      ))}
      <Title order={2} size="h4" mt="sm">
        {t.heldTitle}
      </Title>
      {d.held.length === 0 && <Text c="gray.7">{t.noneHeld}</Text>}
      {d.held.map((p) => (
        <ProxyCard
          key={p.id}
          p={p}
          held
          download={sealedButton(p)}
          actions={
            d.open && p.status === 'active' && !p.accepted_at ? (
              <Button
                variant="light"
                loading={busy}
                onClick={() =>
                  run(async () => toSignature((await acceptProxy(target, agId, p.id)).signature_url))
                }
              >
                {t.accept}
              </Button>
            ) : undefined
          }
        />
      ))}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
