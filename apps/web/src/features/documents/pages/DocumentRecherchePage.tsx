import {
  Alert,
  Button,
  Checkbox,
  Group,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { FilePreview, type PreviewFile } from '../../../ui/FilePreview';
import { LoadError, Loading } from '../components/PageState';
import { SearchHits } from '../components/SearchHits';
import { frDocs as t } from '../fr';
import { useDocRecord, useDocumentSearch } from '../queries';
import { downloadZip } from '../zip';

/**
 * Documents found: one field over every document the record may see (its own, its building's,
 * its syndic's: the server decides), filtered by year and kind, several taken as one archive.
 */
export default function DocumentRecherchePage() {
  const { record, isLoading } = useDocRecord();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const [year, setYear] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const found = useDocumentSearch(record?.id, { q, year: year ? Number(year) : null, type });
  const [file, setFile] = useState<PreviewFile | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  const data = found.data;
  const hits = data?.results ?? [];
  const shownIds = useMemo(() => hits.map((h) => h.document.id), [hits]);
  // The selection follows what is shown: a search narrows it to the documents still listed, so the
  // count and the archive never hold a document the co-owner no longer sees.
  useEffect(() => {
    if (!data) return;
    const shown = new Set(shownIds);
    setSelected((s) =>
      [...s].every((id) => shown.has(id)) ? s : new Set([...s].filter((id) => shown.has(id))),
    );
  }, [data, shownIds]);
  const chosen = shownIds.filter((id) => selected.has(id));
  const allShown = shownIds.length > 0 && chosen.length === shownIds.length;
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of shownIds) allShown ? next.delete(id) : next.add(id);
      return next;
    });
  const download = async () => {
    if (!record || chosen.length === 0) return;
    setFailed(false);
    try {
      await downloadZip(record.id, chosen, setProgress);
    } catch {
      setFailed(true);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t.titles.recherche}
      </Title>
      <Stack gap="xs" role="search">
        <TextInput
          type="search"
          label={t.search.label}
          placeholder={t.search.placeholder}
          leftSection={<IconSearch size={18} aria-hidden />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={200}
          size="md"
        />
        <Group grow align="flex-end">
          <Select
            label={t.search.year}
            placeholder={t.search.allYears}
            data={(data?.years ?? []).map((y) => ({ value: String(y), label: String(y) }))}
            value={year}
            onChange={setYear}
            clearable
          />
          <Select
            label={t.search.type}
            placeholder={t.search.allTypes}
            data={(data?.types ?? []).map((x) => ({ value: x.key, label: x.label }))}
            value={type}
            onChange={setType}
            clearable
          />
        </Group>
      </Stack>
      {isLoading || (found.isLoading && !data) ? (
        <Loading />
      ) : found.isError ? (
        <LoadError retry={() => found.refetch()} />
      ) : (
        <>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" role="status" aria-live="polite">
              {t.search.count(hits.length, data?.more ?? false)}
            </Text>
            {hits.length > 0 && (
              <Group gap="md">
                <Checkbox label={t.search.selectAll} checked={allShown} onChange={toggleAll} size="md" />
                <Button
                  leftSection={<IconDownload size={18} aria-hidden />}
                  onClick={download}
                  disabled={chosen.length === 0 || progress !== null}
                >
                  {t.search.download(chosen.length)}
                </Button>
              </Group>
            )}
          </Group>
          {progress !== null && (
            <Stack gap={4}>
              <Progress value={Math.round(progress * 100)} aria-label={t.search.downloadLabel} size="lg" />
              <Text size="sm">{t.search.downloading(Math.round(progress * 100))}</Text>
            </Stack>
          )}
          {failed && (
            <Alert color="red" role="alert">
              {t.search.downloadError}
            </Alert>
          )}
          {hits.length > 0 && (
            <SearchHits
              hits={hits}
              terms={data?.terms ?? []}
              selected={selected}
              onToggle={toggle}
              onOpen={setFile}
            />
          )}
        </>
      )}
      <FilePreview file={file} onClose={() => setFile(null)} />
    </Stack>
  );
}
