import { Alert, Button, Card, Group, List, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import {
  type AssembleeRegister,
  articleName,
  countsText,
  decisionText,
  decodeHead,
  describeRecount,
  encodeHead,
  describeVerification,
  type RegisterRecount,
  type RegisterVerification,
  recountRegister,
  type SignedHead,
  verifyRegister,
} from '@tantieme/contract';
import { useId, useState } from 'react';
import { SignedHeadToken } from '../../../ui/SignedHeadToken';
import { ed25519WithFallback } from '../ed25519';
import { frRegister as t } from '../fr.register';
import { type AgTarget, fetchRegister } from '../queries';

const storeKey = (agId: string) => `tantieme.assembly-heads.${agId}`;

/** The heads this browser saw signed at the close or the end: what the co-owner holds on this device. */
function heldOnDevice(agId: string): SignedHead | null {
  try {
    const list = JSON.parse(localStorage.getItem(storeKey(agId)) ?? '[]') as SignedHead[];
    return list.reduce<SignedHead | null>((best, h) => (!best || h.count > best.count ? h : best), null);
  } catch {
    return null;
  }
}

function keepOnDevice(agId: string, heads: SignedHead[]) {
  try {
    const list = JSON.parse(localStorage.getItem(storeKey(agId)) ?? '[]') as SignedHead[];
    for (const h of heads) if (!list.some((k) => k.signature === h.signature)) list.push(h);
    localStorage.setItem(storeKey(agId), JSON.stringify(list));
  } catch {
    // Private browsing without storage: the check itself does not need it.
  }
}

interface Outcome {
  register: AssembleeRegister;
  verification: RegisterVerification;
  recount: RegisterRecount;
  lines: string[];
  heldFrom: 'pasted' | 'device' | null;
}

function download(reg: AssembleeRegister) {
  const blob = new Blob([JSON.stringify(reg, null, 2)], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `registre-${reg.assemblee.name.replace(/[^\p{L}\p{N}]+/gu, '-')}-${reg.assemblee.id.slice(0, 8)}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(a.href);
}

/**
 * 'Vérifier le registre': the co-owner's own browser fetches the register, recomputes every digest
 * of the chain (WebCrypto), checks the server's Ed25519 signature of each head against the published
 * key, compares the chain with the head the co-owner holds (pasted from the notification, or kept by
 * this browser from an earlier check) and recounts every resolution with the contract's tally.
 */
export function RegisterCheck({ target, agId }: { target: AgTarget; agId: string }) {
  const headingId = useId();
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Kept apart from the outcome: a browser that cannot check still offers the file to export.
  const [fetched, setFetched] = useState<AssembleeRegister | null>(null);

  async function check() {
    setBusy(true);
    setError(null);
    setOutcome(null);
    try {
      let held: SignedHead | null = null;
      let heldFrom: Outcome['heldFrom'] = null;
      if (pasted.trim()) {
        held = decodeHead(pasted);
        if (!held) {
          setError(t.badHead);
          return;
        }
        heldFrom = 'pasted';
      } else {
        held = heldOnDevice(agId);
        heldFrom = held ? 'device' : null;
      }
      const register = await fetchRegister(target, agId);
      setFetched(register);
      const verification = await verifyRegister(register, { held, ed25519: ed25519WithFallback() });
      const recount = recountRegister(register);
      if (verification.ok) keepOnDevice(agId, register.heads);
      setOutcome({ register, verification, recount, lines: describeVerification(verification), heldFrom });
    } catch (e) {
      setError(e instanceof DOMException || e instanceof TypeError ? t.unsupported : t.loadError);
    } finally {
      setBusy(false);
    }
  }

  const ok = outcome?.verification.ok && outcome.recount.ok;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t.title}
        </Title>
        <Text size="sm">{t.intro}</Text>
        <Textarea
          label={t.headLabel}
          description={t.headHelp}
          value={pasted}
          onChange={(e) => setPasted(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={4}
        />
        <Group gap="sm">
          <Button onClick={check} loading={busy}>
            {t.check}
          </Button>
          {fetched && (
            <Button variant="light" onClick={() => download(fetched)}>
              {t.export}
            </Button>
          )}
        </Group>
        <div role="status" aria-live="polite" aria-atomic="true">
          {error && (
            <Alert color="red" variant="light">
              {error}
            </Alert>
          )}
          {outcome && (
            <Alert color={ok ? 'teal' : 'red'} variant="light" title={outcome.lines[0]}>
              {outcome.lines.length > 1 && (
                <List size="sm" spacing={4}>
                  {outcome.lines.slice(1).map((l) => (
                    <List.Item key={l}>{l}</List.Item>
                  ))}
                </List>
              )}
              <Text size="sm" mt={4}>
                {outcome.heldFrom === 'pasted'
                  ? t.heldPasted
                  : outcome.heldFrom === 'device'
                    ? t.heldDevice
                    : t.heldNone}
              </Text>
              {!outcome.recount.ok && (
                <Text size="sm" mt={4}>
                  {describeRecount(outcome.recount)[0]}
                </Text>
              )}
            </Alert>
          )}
        </div>
        {outcome?.recount.ok && (
          <>
            <Title order={3} size="h5">
              {t.resultsTitle}
            </Title>
            {/* Two columns that wrap, not a scrolled table: on a phone the result stays in view. */}
            <Table verticalSpacing="xs" layout="fixed">
              <Table.Caption>{t.resultsCaption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w="45%">
                    {t.resolution}
                  </Table.Th>
                  <Table.Th scope="col">{t.result}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outcome.recount.results.map((r) => (
                  <Table.Tr key={r.resolution_id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {`N° ${r.number} (${articleName(r.article)}) – ${r.title}`}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm" fw={700}>
                        {decisionText(r)}
                      </Text>
                      {countsText(r) && <Text size="sm">{countsText(r)}</Text>}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <SignedHeadToken token={encodeHead(outcome.register.head)} label={t.headTitle} />
            <Text size="xs" c="gray.7" style={{ wordBreak: 'break-all' }}>
              {t.key(outcome.register.signing_key.fingerprint)}
            </Text>
          </>
        )}
        {fetched && (
          <Stack gap={4}>
            <Title order={3} size="h5">
              {t.howTitle}
            </Title>
            <List size="sm" spacing={4}>
              {t.how.map((l) => (
                <List.Item key={l}>{l}</List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
