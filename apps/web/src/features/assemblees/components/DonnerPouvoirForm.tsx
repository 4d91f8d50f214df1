import {
  Alert,
  Button,
  Card,
  Group,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ApiError, type ProxiesData, type ResolutionsData, type VoteChoice } from '@tantieme/contract';
import { useState } from 'react';
import { frPouvoir as t } from '../fr.pouvoir';
import { type AgTarget, giveProxy } from '../queries';

type Choice = VoteChoice | 'free';

/** The mandataire, the instructions per resolution, then the signature page (PROCURATION_DONNEE). */
export function DonnerPouvoirForm({
  target,
  agId,
  proxies,
  data,
  onCancel,
}: {
  target: AgTarget;
  agId: string;
  proxies: ProxiesData;
  data: ResolutionsData;
  onCancel: () => void;
}) {
  const [kind, setKind] = useState<'coproprietaire' | 'personne'>('coproprietaire');
  const [owner, setOwner] = useState<string | null>(null);
  const [nom, setNom] = useState('');
  const [prenom, setPrenom] = useState('');
  const [email, setEmail] = useState('');
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const votable = data.resolutions.filter((r) => !r.no_vote);

  async function submit(ev: React.FormEvent) {
    ev.preventDefault();
    const missing: Record<string, string> = {};
    if (kind === 'coproprietaire' && !owner) missing.owner = t.required;
    if (kind === 'personne' && !nom.trim()) missing.nom = t.required;
    if (kind === 'personne' && !prenom.trim()) missing.prenom = t.required;
    setErrors(missing);
    setError(null);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const r = await giveProxy(target, agId, {
        mandataire:
          kind === 'coproprietaire'
            ? { kind, coproprietaire_id: owner! }
            : { kind, nom: nom.trim(), prenom: prenom.trim(), email: email.trim() || null },
        instructions: Object.entries(choices).flatMap(([resolution_id, vote]) =>
          vote === 'free' ? [] : [{ resolution_id, vote }],
        ),
      });
      const back = `${window.location.pathname}?onglet=pouvoir`;
      window.location.assign(`${r.signature_url}&retour=${encodeURIComponent(back)}`);
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        setErrors({
          ...(err.errors['mandataire.nom'] ? { nom: err.errors['mandataire.nom'] } : {}),
          ...(err.errors['mandataire.prenom'] ? { prenom: err.errors['mandataire.prenom'] } : {}),
          ...(err.errors['mandataire.email'] ? { email: err.errors['mandataire.email'] } : {}),
        });
        setError(err.errors.mandataire ?? err.errors['mandataire.coproprietaire_id'] ?? err.message);
      } else setError(err instanceof ApiError ? err.message : t.error);
      setBusy(false);
    }
  }

  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.formTitle}
        </Title>
        {data.ballot && (
          <Alert color="orange" variant="light" role="note">
            {t.ballotWarning}
          </Alert>
        )}
        <Radio.Group
          label={t.who}
          value={kind}
          onChange={(v) => setKind(v as typeof kind)}
          name="mandataire-kind"
        >
          <Group mt={6} gap="lg">
            <Radio
              value="coproprietaire"
              label={t.kindOwner}
              styles={{ body: { minHeight: 24, alignItems: 'center' } }}
            />
            <Radio
              value="personne"
              label={t.kindPerson}
              styles={{ body: { minHeight: 24, alignItems: 'center' } }}
            />
          </Group>
        </Radio.Group>
        {kind === 'coproprietaire' ? (
          <Select
            label={t.owner}
            placeholder={t.ownerPlaceholder}
            data={proxies.candidates.map((c) => ({ value: c.id, label: c.name }))}
            value={owner}
            onChange={setOwner}
            searchable
            required
            error={errors.owner}
          />
        ) : (
          <>
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                label={t.prenom}
                value={prenom}
                onChange={(e) => setPrenom(e.currentTarget.value)}
                required
                autoComplete="off"
                error={errors.prenom}
                miw={180}
              />
              <TextInput
                label={t.nom}
                value={nom}
                onChange={(e) => setNom(e.currentTarget.value)}
                required
                autoComplete="off"
                error={errors.nom}
                miw={180}
              />
            </Group>
            <TextInput
              label={t.email}
              description={t.emailHint}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              autoComplete="off"
              error={errors.email}
            />
          </>
        )}
        <Text size="sm" c="gray.7">
          {t.excluded}
        </Text>
        <Title order={3} size="h5" mt="xs">
          {t.instructions}
        </Title>
        <Text size="sm" c="gray.7">
          {t.instructionsHint}
        </Text>
        {votable.map((r) => (
          <Stack key={r.id} gap={4}>
            <Text size="sm" fw={500} id={`consigne-${r.id}`}>
              {t.resolution(r.number, r.title)}
            </Text>
            <SegmentedControl
              aria-labelledby={`consigne-${r.id}`}
              value={choices[r.id] ?? 'free'}
              onChange={(v) => setChoices((c) => ({ ...c, [r.id]: v as Choice }))}
              data={[
                { value: 'free', label: t.free },
                { value: 'agree', label: t.votes.agree },
                { value: 'disagree', label: t.votes.disagree },
                { value: 'abstain', label: t.votes.abstain },
              ]}
              color="blue"
              fullWidth
            />
          </Stack>
        ))}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {t.submit}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
