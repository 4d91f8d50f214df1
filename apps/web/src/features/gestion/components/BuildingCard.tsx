import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { BuildingActions } from '@tantieme/contract';
import { Link } from 'react-router-dom';
import { gestionFr } from '../fr';

const t = gestionFr.home;

export interface PortfolioBuildingView {
  id: string;
  name: string;
  full_address: string;
  lots: number;
  coproprietaires: number;
  actions: BuildingActions;
}

/** Each count that needs action, as a link to the screen that resolves it. */
export function actionLinks(
  b: PortfolioBuildingView,
  thresholdCents: number,
): { key: string; label: string; to?: string }[] {
  const a = b.actions;
  const base = `/gestion/immeubles/${b.id}`;
  const all: { key: string; n: number; label: (n: number) => string; to?: string }[] = [
    { key: 'signalements', n: a.new_signalements, label: t.actions.signalements, to: `${base}/signalements` },
    {
      key: 'messages',
      n: a.unanswered_conversations,
      label: t.actions.messages,
      to: '/gestion/messagerie',
    },
    { key: 'assemblies', n: a.assemblies_to_convene, label: t.actions.assemblies, to: `${base}/historique` },
    { key: 'documents', n: a.missing_documents, label: t.actions.documents, to: `${base}/documents` },
    {
      key: 'invitations',
      n: a.pending_invitations,
      label: t.actions.invitations,
      to: `${base}/coproprietaires?etat=invited`,
    },
    {
      key: 'balances',
      n: a.balances_over_threshold,
      label: t.actions.balances,
      to: `${base}/coproprietaires?solde_min=${thresholdCents}`,
    },
  ];
  return all.filter((x) => x.n > 0).map((x) => ({ key: x.key, label: x.label(x.n), to: x.to }));
}

/** A building of the portfolio: name, address, size, and what needs action. */
export function BuildingCard({ b, thresholdCents }: { b: PortfolioBuildingView; thresholdCents: number }) {
  const links = actionLinks(b, thresholdCents);
  return (
    <Card withBorder padding="md" radius="md" component="article" data-testid="portfolio-building">
      <Stack gap={4}>
        <Title order={2} size="h4">
          <Anchor component={Link} to={`/gestion/immeubles/${b.id}`} inherit>
            {b.name}
          </Anchor>
        </Title>
        <Text size="sm" c="gray.7">
          {b.full_address}
        </Text>
        <Text size="sm">
          {t.lots(b.lots)} · {t.owners(b.coproprietaires)}
        </Text>
      </Stack>
      {links.length === 0 ? (
        <Badge mt="sm" color="teal" variant="light" tt="none">
          {t.allClear}
        </Badge>
      ) : (
        <Stack component="ul" gap={4} mt="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {links.map((l) => (
            <Group component="li" key={l.key} gap={6} wrap="nowrap" mih={24}>
              <Text component="span" c="orange.8" aria-hidden fw={700}>
                •
              </Text>
              {l.to ? (
                <Anchor component={Link} to={l.to} size="sm" data-testid={`action-${l.key}`}>
                  {l.label}
                </Anchor>
              ) : (
                <Text component="span" size="sm" data-testid={`action-${l.key}`}>
                  {l.label}
                </Text>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
