import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Image,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { ApiError, formatDate } from '@tantieme/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { apiMessage } from '../../auth/validate';
import { MeTooButton } from '../components/MeTooButton';
import { StatusBadge } from '../components/StatusBadge';
import { Timeline } from '../components/Timeline';
import { signalementsFr as t } from '../fr';
import { useComment, useLiveSignalements, useSignalement } from '../queries';

function CommentForm({ recordId, id }: { recordId: string; id: string }) {
  const comment = useComment(recordId, id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError(t.required);
    setError(null);
    comment.mutate(text.trim(), {
      onSuccess: () => setText(''),
      onError: (err) => setError(apiMessage(err)),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t.commentLabel}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
          autosize
          minRows={2}
          maxLength={4000}
        />
        <Button type="submit" loading={comment.isPending} style={{ alignSelf: 'flex-start' }}>
          {t.send}
        </Button>
      </Stack>
    </form>
  );
}

/** One report: place, description, photos, 'Moi aussi', the linked works and the timeline. */
export default function SignalementDetailPage() {
  const { coproId = '', signalementId = '' } = useParams();
  const q = useSignalement(coproId, signalementId);
  useLiveSignalements(coproId);
  const back = (
    <Anchor component={Link} to=".." relative="path" size="sm" style={{ alignSelf: 'flex-start' }}>
      <Group gap={4} component="span" mih={24}>
        <IconArrowLeft size={16} aria-hidden />
        {t.back}
      </Group>
    </Anchor>
  );
  if (q.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label={t.loading} />
      </Center>
    );
  if (q.isError || !q.data)
    return (
      <Stack gap="md" maw={900}>
        {back}
        <Title order={1} size="h2">
          {t.title}
        </Title>
        {q.error instanceof ApiError && q.error.status === 404 ? (
          <Text>{t.notFound}</Text>
        ) : (
          <Alert color="red" role="alert" title={t.loadError}>
            <Button variant="light" color="red" mt="sm" onClick={() => void q.refetch()}>
              {t.retry}
            </Button>
          </Alert>
        )}
      </Stack>
    );
  const s = q.data;
  return (
    <Stack gap="md" maw={900} data-testid="signalement-detail">
      {back}
      <Group gap="sm" align="center" wrap="wrap">
        <StatusBadge status={s.status} />
        {s.visibility === 'PRIVE' && (
          <Text size="sm" c="gray.8">
            {t.privateHint}
          </Text>
        )}
      </Group>
      <Title order={1} size="h2">
        {s.title}
      </Title>
      <Text size="sm" c="gray.8">
        {t.place} : {s.place_label} · {t.filedBy(s.author, formatDate(s.created_at))}
      </Text>
      {s.status === 'PLANIFIE' && s.planned_on && (
        <Text fw={600} c="indigo.9">
          {t.plannedOn(formatDate(s.planned_on))}
        </Text>
      )}
      {s.carnet_travaux && (
        <Text fw={500} data-testid="linked-works">
          {t.linkedWorks(s.carnet_travaux.label)}
        </Text>
      )}
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="xs">
          {t.description}
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{s.description}</Text>
      </Paper>
      {s.photos.length > 0 && (
        <section aria-labelledby="sig-photos">
          <Title order={2} size="h4" mb="xs" id="sig-photos">
            {t.photos}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            {s.photos.map((p, i) => (
              <a key={p.medium} href={p.medium} target="_blank" rel="noreferrer">
                {/* The whole photo in a 4:3 frame: a portrait one is not cropped to a strip. */}
                <Image
                  src={p.small}
                  alt={t.photoOf(s.title, i + 1)}
                  radius="sm"
                  fit="contain"
                  bg="gray.1"
                  style={{ aspectRatio: '4 / 3', width: '100%', height: 'auto' }}
                />
              </a>
            ))}
          </SimpleGrid>
        </section>
      )}
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} size="h4">
            {t.supportersList} ({s.supporters})
          </Title>
          <MeTooButton recordId={coproId} s={s} />
        </Group>
        {s.supporter_names.length > 0 && (
          <List size="sm" mt="xs">
            {s.supporter_names.map((n, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two supporters may share a name; the list only grows at its end.
              <List.Item key={i}>{n}</List.Item>
            ))}
          </List>
        )}
      </Paper>
      <section aria-labelledby="sig-timeline">
        <Title order={2} size="h4" mb="sm" id="sig-timeline">
          {t.timeline}
        </Title>
        <Timeline events={s.events} />
      </section>
      {s.can_comment && (
        <section aria-labelledby="sig-comment">
          <Title order={2} size="h4" mb="xs" id="sig-comment">
            {t.addComment}
          </Title>
          <CommentForm recordId={coproId} id={s.id} />
        </section>
      )}
    </Stack>
  );
}
