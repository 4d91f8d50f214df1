import {
  Alert,
  Box,
  Button,
  Center,
  Container,
  Group,
  Image,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  ApiError,
  assembleeEndpoints as e,
  formatParisDate,
  formatParisTime,
  SIGNATURE_FILE_NAME,
} from '@tantieme/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type SignaturePadType from 'signature_pad';
import { api } from '../../../api';
import { croppedPng, DrawPad } from '../components/DrawPad';
import { frAg, signatureErrorMessage } from '../fr';
import { frPouvoir } from '../fr.pouvoir';

const t = frAg.signature;
const TOKEN_ERRORS = new Set(['not-found', 'expired', 'no-signature-data', 'already-signed']);

/** Signature page (SPEC §2.19, §4, §6, §8): greeting, the mode's instruction, the pad, 'Sauver', then thanks or the error box. */
export default function SignaturePage() {
  const [params] = useSearchParams();
  const token = params.get('auth_token') ?? '';
  // Back to the page that sent here (a path of this site only).
  const retour = params.get('retour') ?? '';
  const back = /^\/(?![/\\])/.test(retour) ? retour : null;
  const info = useQuery({
    queryKey: ['signature-token', token],
    enabled: token.length > 0,
    queryFn: () => api.call(e.signatureToken, { params: { token } }),
    retry: false,
  });
  const padRef = useRef<SignaturePadType | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [tokenError, setTokenError] = useState<string | null>(null);

  const loadError = !token
    ? 'not-found'
    : info.error instanceof ApiError
      ? info.error.code
      : info.error
        ? 'not-found'
        : null;
  const error = tokenError ?? loadError;

  async function save() {
    const canvas = (padRef.current as unknown as { canvas: HTMLCanvasElement } | null)?.canvas;
    if (!info.data || !canvas) return;
    const data = croppedPng(canvas);
    if (!data) return;
    setSaving(true);
    try {
      await api.call(e.signature, {
        body: {
          copr_id: info.data.copr_id,
          year_id: info.data.year_id,
          coproprietaire_id: info.data.coproprietaire_id,
          mode: info.data.mode,
          auth_token: token,
          signature: { name: SIGNATURE_FILE_NAME, content_type: 'image/png', data },
          signed_on_paper: false,
        },
      });
      setSaved(true);
    } catch (err) {
      // SPEC §8: a failed save is only logged; a token that became unusable shows its message.
      if (err instanceof ApiError && TOKEN_ERRORS.has(err.code)) setTokenError(err.code);
      else console.error('signature save failed', err);
    } finally {
      setSaving(false);
    }
  }

  const d = info.data;
  return (
    <Box bg="gray.0" mih="100vh">
      <Box
        component="header"
        bg="white"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="sm">
          <Image
            src={d?.logo ?? '/logo-tantieme.svg'}
            alt={d?.logo ? t.logoAlt : 'Tantième'}
            h={40}
            w="auto"
            fit="contain"
          />
        </Container>
      </Box>
      <Container size="sm" py="lg">
        {token && info.isLoading ? (
          <Center py="xl">
            <Loader aria-label="Chargement…" />
          </Center>
        ) : error ? (
          <Alert
            color="red"
            variant="light"
            title={
              <Text component="span" role="heading" aria-level={1} fw={700} inherit>
                {t.errorTitle}
              </Text>
            }
            role="alert"
          >
            {signatureErrorMessage(error)}
          </Alert>
        ) : saved ? (
          <Paper withBorder p="lg" radius="md">
            <Title order={1} size="h3">
              {t.thanks}
            </Title>
            <Text mt="xs" c="gray.7">
              {t.thanksHint}
            </Text>
            {back && (
              <Button component="a" href={back} mt="md" variant="light">
                {frPouvoir.back}
              </Button>
            )}
          </Paper>
        ) : d ? (
          <Paper withBorder p="lg" radius="md">
            <Stack gap="sm">
              <Title order={1} size="h3">
                {t.hello(d.coproprietaire_name)}
              </Title>
              <Text size="sm" c="gray.7">
                {t.assembly(
                  d.assemblee.name,
                  d.assemblee.copr_name,
                  formatParisDate(d.assemblee.date),
                  formatParisTime(d.assemblee.date),
                )}
              </Text>
              <Text>{t.instruction[d.mode]}</Text>
              {d.mode === 'PROCURATION' && d.coproprietaire.procurations && (
                <List>
                  {Object.entries(d.coproprietaire.procurations).map(([id, p]) => (
                    <List.Item key={id}>{p.coproprietaire_name}</List.Item>
                  ))}
                </List>
              )}
              {d.mode === 'PROCURATION_DONNEE' &&
                Object.values(d.coproprietaire.procurations ?? {}).map((p) => (
                  <Text key={p.coproprietaire_name} fw={600}>
                    {frPouvoir.mandataire(p.coproprietaire_name)}
                  </Text>
                ))}
              <Text size="sm" id="signature-hint">
                {t.padHint}
              </Text>
              <Box pos="relative">
                <DrawPad label={t.padLabel} onChange={setDrawn} padRef={padRef} />
                {/* Where to sign, on the empty pad: a line and its word, gone at the first stroke. */}
                {!drawn && (
                  <Box
                    aria-hidden
                    pos="absolute"
                    left="10%"
                    right="10%"
                    bottom={48}
                    c="gray.7"
                    style={{ borderBottom: '1px solid var(--mantine-color-gray-5)', pointerEvents: 'none' }}
                  >
                    <Text size="sm">✕ {t.padHere}</Text>
                  </Box>
                )}
              </Box>
              <Group justify="space-between">
                <Button
                  variant="subtle"
                  color="gray.8"
                  onClick={() => {
                    padRef.current?.clear();
                    setDrawn(false);
                  }}
                  disabled={saving}
                >
                  {t.clear}
                </Button>
                <Button onClick={save} disabled={!drawn || saving} loading={saving}>
                  {t.save}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ) : null}
      </Container>
    </Box>
  );
}
