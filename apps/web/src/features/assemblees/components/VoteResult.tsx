import { Alert, Button, Card, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  formatParisDate,
  formatParisTime,
  describeVerification,
  type Resolution,
  type ResolutionsData,
  VOTE_CHOICE_LABELS,
  VOTE_METHOD_LABELS,
  verifyRegister,
} from '@tantieme/contract';
import { useState } from 'react';
import { frAg as t } from '../fr';
import { ed25519WithFallback } from '../ed25519';
import { type AgTarget, fetchReceipt, fetchRegister } from '../queries';

function recorded(v: Resolution['vote']) {
  if (!v.last_method) return null;
  const m = v.methods[v.last_method];
  return m
    ? {
        label: VOTE_CHOICE_LABELS[m.value],
        method: VOTE_METHOD_LABELS[v.last_method] ?? v.last_method,
        date: m.date,
      }
    : null;
}

const when = (iso: string) => `${formatParisDate(iso)} ${formatParisTime(iso)}`;

/** Receipt download and the check of the ballot in the assembly's chain. */
function BallotProof({ data, target, agId }: { data: ResolutionsData; target: AgTarget; agId: string }) {
  const ballot = data.ballot;
  const [busy, setBusy] = useState(false);
  const [receiptError, setReceiptError] = useState(false);
  const [check, setCheck] = useState<string | null>(null);
  if (!ballot) return null;

  async function download() {
    setBusy(true);
    setReceiptError(false);
    try {
      const r = await fetchReceipt(target, agId);
      const a = document.createElement('a');
      a.href = r.url;
      a.download = r.name;
      document.body.appendChild(a);
      a.click();
      a.remove();
    } catch {
      setReceiptError(true);
    } finally {
      setBusy(false);
    }
  }

  // The browser's own check of the register (the contract's chain rule and the signed heads), not a
  // flag computed by the server.
  async function verify() {
    const reg = await fetchRegister(target, agId);
    const v = await verifyRegister(reg, { ed25519: ed25519WithFallback() });
    const rec = reg.records.find((r) => r.digest === ballot?.digest);
    if (!rec) setCheck(t.verifyMissing);
    else if (!v.ok) setCheck(describeVerification(v).join(' '));
    else setCheck(t.verifyOk(rec.seq, v.count));
  }

  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h5">
        {t.ballotTitle}
      </Title>
      <Text size="sm" mt={4}>
        {t.ballotAt(formatParisDate(ballot.created_at), formatParisTime(ballot.created_at))} ·{' '}
        {VOTE_METHOD_LABELS[ballot.method] ?? ballot.method}
      </Text>
      <Text size="sm" mt="xs">
        {t.digest} :
      </Text>
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {ballot.digest}
      </Code>
      <Group mt="sm" gap="sm">
        <Button onClick={download} loading={busy} variant="filled">
          {t.receipt}
        </Button>
        <Button onClick={verify} variant="light">
          {t.verify}
        </Button>
      </Group>
      {receiptError && (
        <Text c="red.8" size="sm" mt="xs" role="alert">
          {t.receiptError}
        </Text>
      )}
      {check && (
        <Text size="sm" mt="xs" role="status">
          {check}
        </Text>
      )}
    </Card>
  );
}

/** 'Vote result' (SPEC §4): the co-owner's recorded choices per resolution, with method and time, and the receipt. */
export function VoteResult({
  data,
  target,
  agId,
  onRevote,
}: {
  data: ResolutionsData;
  target: AgTarget;
  agId: string;
  onRevote: (() => void) | null;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const voting = data.resolutions.filter((r) => !r.no_vote);
  if (voting.length === 0)
    return (
      <Alert color="gray" variant="light">
        {t.emptyVote}
      </Alert>
    );
  const anyVote = voting.some((r) => r.vote.last_method);
  return (
    <Stack gap="md">
      {onRevote && (
        <Group justify="flex-end">
          <Button variant="outline" onClick={onRevote}>
            {t.revote}
          </Button>
        </Group>
      )}
      {!anyVote && <Text c="gray.7">{t.notVoted}</Text>}
      <BallotProof data={data} target={target} agId={agId} />
      {anyVote &&
        (phone ? (
          <Stack gap="xs">
            {voting.map((r) => {
              const v1 = recorded(r.vote);
              const v2 = recorded(r.vote_2);
              return (
                <Card key={r.id} withBorder padding="sm" radius="md">
                  <Text fw={600} size="sm">
                    {t.resolution(r.number)} – {r.title}
                  </Text>
                  <Text size="sm">
                    {t.choice} : <strong>{v1?.label ?? t.none}</strong>
                    {v2 ? ` · ${t.second} : ${v2.label}` : ''}
                  </Text>
                  {v1 && (
                    <Text size="xs" c="gray.7">
                      {v1.method} · {when(v1.date)}
                    </Text>
                  )}
                </Card>
              );
            })}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={700}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>N°</Table.Th>
                  <Table.Th>Résolution</Table.Th>
                  <Table.Th>{t.choice}</Table.Th>
                  <Table.Th>{t.second}</Table.Th>
                  <Table.Th>{t.method}</Table.Th>
                  <Table.Th>{t.at}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {voting.map((r) => {
                  const v1 = recorded(r.vote);
                  const v2 = recorded(r.vote_2);
                  return (
                    <Table.Tr key={r.id}>
                      <Table.Td>{r.number}</Table.Td>
                      <Table.Td>{r.title}</Table.Td>
                      <Table.Td fw={600}>{v1?.label ?? t.none}</Table.Td>
                      <Table.Td>{v2?.label ?? t.none}</Table.Td>
                      <Table.Td>{v1?.method ?? t.none}</Table.Td>
                      <Table.Td>{v1 ? when(v1.date) : t.none}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
    </Stack>
  );
}
