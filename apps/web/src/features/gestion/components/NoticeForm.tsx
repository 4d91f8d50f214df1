import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  TypographyStylesProvider,
} from '@mantine/core';
import {
  ApiError,
  type ConsoleNoticeBody,
  type ConsoleNoticePreview,
  type NoticeAudience,
} from '@tantieme/contract';
import { useState } from 'react';
import { apiMessage } from '../../auth/validate';
import { noticesFr } from '../frNotices';
import { usePreviewNotice, useSendNotice } from '../queriesNotices';

const t = noticesFr.form;

type Choices = {
  repartitions: { id: string; code: string; name: string }[];
  coproprietaires: { id: string; name: string; lots: string }[];
};

/**
 * A notice written, previewed as the co-owners will read it (the server's sanitiser, the
 * recipients it reaches), then sent; the preview is what is sent.
 */
export function NoticeForm({
  coproId,
  choices,
  onSent,
  onCancel,
}: {
  coproId: string;
  choices: Choices;
  onSent(id: string): void;
  onCancel(): void;
}) {
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [audience, setAudience] = useState<NoticeAudience>('immeuble');
  const [key, setKey] = useState<string | null>(null);
  const [owners, setOwners] = useState<string[]>([]);
  const [shown, setShown] = useState<ConsoleNoticePreview | null>(null);
  const preview = usePreviewNotice(coproId);
  const send = useSendNotice(coproId);
  const body: ConsoleNoticeBody = {
    subject,
    text,
    audience,
    repartition_id: audience === 'cle' ? key : null,
    coproprietaire_ids: audience === 'coproprietaires' ? owners : [],
  };
  const failed = preview.error ?? send.error;
  const fieldError = (f: string) =>
    failed instanceof ApiError ? (failed.errors?.[f] ?? undefined) : undefined;

  if (shown)
    return (
      <Paper withBorder p="md" radius="md" data-testid="notice-preview">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t.previewTitle}
          </Title>
          <Text size="sm" c="gray.7">
            {shown.audience_label} · {t.recipients(shown.recipients.length)}
          </Text>
          <Paper withBorder p="sm" bg="gray.0">
            <Text fw={600} mb={6}>
              {shown.subject}
            </Text>
            <TypographyStylesProvider fz="sm">
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (communications/sanitize.ts) */}
              <div dangerouslySetInnerHTML={{ __html: shown.html_body }} />
            </TypographyStylesProvider>
          </Paper>
          <Text size="sm">{shown.recipients.map((r) => r.name).join(', ')}</Text>
          {send.isError ? (
            <Alert color="red" role="alert">
              {apiMessage(send.error)}
            </Alert>
          ) : null}
          <Group>
            <Button
              loading={send.isPending}
              disabled={shown.recipients.length === 0}
              onClick={() => send.mutate(body, { onSuccess: (d) => onSent(d.id) })}
            >
              {t.send(shown.recipients.length)}
            </Button>
            <Button variant="default" onClick={() => setShown(null)}>
              {t.edit}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );

  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          preview.mutate(body, { onSuccess: setShown });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t.title}
          </Title>
          <TextInput
            label={t.subject}
            placeholder={t.subjectHint}
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            error={fieldError('subject')}
            required
            maxLength={200}
          />
          <Textarea
            label={t.text}
            description={t.textHint}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={fieldError('text')}
            required
            autosize
            minRows={6}
          />
          <Radio.Group
            label={t.audience}
            value={audience}
            onChange={(v) => setAudience(v as NoticeAudience)}
            error={fieldError('audience')}
          >
            <Stack gap={8} mt={6}>
              {(Object.keys(t.audiences) as NoticeAudience[]).map((a) => (
                <Radio key={a} value={a} label={t.audiences[a]} />
              ))}
            </Stack>
          </Radio.Group>
          {audience === 'cle' ? (
            choices.repartitions.length ? (
              <Select
                label={t.key}
                description={t.keyHint}
                data={choices.repartitions.map((k) => ({ value: k.id, label: `${k.code} · ${k.name}` }))}
                value={key}
                onChange={setKey}
                error={fieldError('repartition_id')}
                required
              />
            ) : (
              <Text size="sm">{t.noKey}</Text>
            )
          ) : null}
          {audience === 'coproprietaires' ? (
            <MultiSelect
              label={t.owners}
              placeholder={t.ownersSearch}
              data={choices.coproprietaires.map((o) => ({
                value: o.id,
                label: o.lots ? `${o.name} (${o.lots})` : o.name,
              }))}
              value={owners}
              onChange={setOwners}
              searchable
              error={fieldError('coproprietaire_ids')}
            />
          ) : null}
          {preview.isError && !fieldError('subject') && !fieldError('text') ? (
            <Alert color="red" role="alert">
              {apiMessage(preview.error)}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={preview.isPending}>
              {t.preview}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t.cancel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
