import { Alert, Button, FileInput, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { formatInt, type ImportColumn, type SheetPreview } from '@tantieme/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BuildingHeader } from '../components/BuildingHeader';
import { may, useConsoleMe } from '../me';
import { importFr as t } from './frImport';
import { ImportColumns } from './ImportColumns';
import { ImportRows } from './ImportRows';
import { type ImportPhase, readBase64, sendSheet } from './upload';

function phaseText(p: ImportPhase, rows: number | null) {
  if (p.kind === 'reading') return { label: t.phases.reading, value: p.pct };
  if (p.kind === 'sending') return { label: t.phases.sending(p.pct), value: p.pct };
  return { label: p.kind === 'writing' ? t.phases.writing : t.phases.checking(rows), value: 100 };
}

/** Lots, keys and co-owners from the syndic's own spreadsheet: checked, previewed, then written. */
export default function BuildingImportPage() {
  const { coproId = '' } = useParams();
  const me = useConsoleMe().data;
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<string | null>(null);
  const [columns, setColumns] = useState<ImportColumn[] | undefined>(undefined);
  const [phase, setPhase] = useState<ImportPhase | null>(null);
  const [preview, setPreview] = useState<SheetPreview | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const run = async (confirm: boolean, cols = columns) => {
    if (!file) return;
    setMessage(null);
    let base64 = content;
    if (!base64) {
      setPhase({ kind: 'reading', pct: 0 });
      base64 = await readBase64(file, (pct) => setPhase({ kind: 'reading', pct }));
      setContent(base64);
    }
    const answer = await sendSheet(
      coproId,
      { filename: file.name, content_base64: base64, columns: cols, confirm },
      setPhase,
    );
    setPhase(null);
    if (answer.preview) {
      setPreview(answer.preview);
      setColumns(answer.preview.columns);
    }
    if (!answer.ok) setMessage(answer.message);
    if (answer.ok && answer.preview.written)
      void qc.invalidateQueries({ queryKey: ['gestion', 'immeuble', coproId] });
  };

  const choose = (f: File | null) => {
    setFile(f);
    setContent(null);
    setColumns(undefined);
    setPreview(null);
    setMessage(null);
  };

  const busy = phase !== null;
  const written = preview?.written === true;
  const s = preview?.summary;
  const progress = phase ? phaseText(phase, preview?.rows.length ?? null) : null;
  return (
    <Stack gap="lg" maw={1200}>
      <BuildingHeader coproId={coproId} tab="lots" />
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t.title}
        </Title>
        <Text size="sm" c="gray.7" maw={760}>
          {t.intro}
        </Text>
      </Stack>
      {!written ? (
        <Paper withBorder p="md">
          <Group align="flex-end" gap="sm">
            <FileInput
              label={t.file}
              placeholder={t.filePlaceholder}
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
              value={file}
              onChange={choose}
              clearable
              disabled={busy || !may(me, 'lots.write')}
              w={{ base: '100%', sm: 420 }}
            />
            <Button onClick={() => run(false, undefined)} disabled={!file || busy} loading={busy}>
              {t.check}
            </Button>
          </Group>
        </Paper>
      ) : null}
      {progress ? (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm">{progress.label}</Text>
          <Progress
            value={progress.value}
            animated={phase?.kind === 'checking' || phase?.kind === 'writing'}
            aria-label={t.progressLabel}
          />
        </Stack>
      ) : null}
      {message ? (
        <Alert color="red" role="alert" title={message}>
          {preview?.errors.length ? t.errorsIntro : null}
        </Alert>
      ) : null}
      {preview && s ? (
        <>
          {written ? (
            <Alert color="green" title={t.done} role="status">
              <Text size="sm">{t.doneText}</Text>
              <Group mt="sm" gap="sm">
                <Button component={Link} to={`/gestion/immeubles/${coproId}/coproprietaires`}>
                  {t.toOwners}
                </Button>
                <Button variant="default" component={Link} to={`/gestion/immeubles/${coproId}/lots`}>
                  {t.toLots}
                </Button>
                <Button variant="subtle" onClick={() => choose(null)}>
                  {t.another}
                </Button>
              </Group>
            </Alert>
          ) : null}
          <Stack gap="xs" component="section" aria-labelledby="import-summary-title">
            <Title order={2} size="h4" id="import-summary-title">
              {written ? t.summaryDone : t.summaryTitle}
            </Title>
            <List size="sm" data-testid="import-summary">
              <List.Item>{t.lots(s.lots_created, s.lots_updated)}</List.Item>
              <List.Item>{t.owners(s.coproprietaires_created, s.coproprietaires_updated)}</List.Item>
              {s.keys.map((k) => (
                <List.Item key={k.name}>{t.key(k.name, formatInt(k.total), k.created)}</List.Item>
              ))}
            </List>
          </Stack>
          {!written ? (
            <>
              {preview.errors.length ? (
                <Alert color="red" title={t.errorsTitle(preview.errors.length)} data-testid="import-errors">
                  <Text size="sm" mb="xs">
                    {t.errorsIntro}
                  </Text>
                  <List size="sm">
                    {preview.errors.slice(0, 50).map((e, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the list is the server's, in its order
                      <List.Item key={i}>
                        {t.errorAt(e.row, e.column)}
                        {'\u202f: '}
                        {e.message}
                      </List.Item>
                    ))}
                  </List>
                </Alert>
              ) : (
                <Alert color="green" role="status">
                  {t.noErrors}
                </Alert>
              )}
              <ImportColumns
                headers={preview.headers}
                columns={columns ?? preview.columns}
                onChange={setColumns}
              />
              <Group gap="sm">
                <Button variant="default" onClick={() => run(false)} disabled={busy}>
                  {t.recheck}
                </Button>
                <Button
                  onClick={() => run(true)}
                  disabled={busy || preview.errors.length > 0 || !may(me, 'lots.write')}
                >
                  {t.confirm(
                    s.lots_created + s.lots_updated,
                    s.coproprietaires_created + s.coproprietaires_updated,
                  )}
                </Button>
              </Group>
            </>
          ) : null}
          <ImportRows preview={preview} />
        </>
      ) : null}
    </Stack>
  );
}
