import { Card, Checkbox, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { type DocumentHit, formatDate, formatSize, highlightParts } from '@tantieme/contract';
import type { PreviewFile } from '../../../ui/FilePreview';
import { frDocs as t } from '../fr';
import { toPreview } from './DocumentList';

/** The words found, marked (accents aside, as the server matched them). */
export function Marked({ text, terms }: { text: string; terms: string[] }) {
  return (
    <>
      {highlightParts(text, terms).map((p, i) =>
        p.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text
          <mark key={i} style={{ background: 'var(--mantine-color-yellow-2)', color: 'inherit', padding: 0 }}>
            {p.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

/** Found documents: a checkbox to add one to the archive, the card opens its preview. */
export function SearchHits({
  hits,
  terms,
  selected,
  onToggle,
  onOpen,
}: {
  hits: DocumentHit[];
  terms: string[];
  selected: Set<string>;
  onToggle: (id: string) => void;
  onOpen: (f: PreviewFile) => void;
}) {
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {hits.map((h) => (
        <Card key={h.document.id} withBorder radius="md" padding="sm" component="li" data-testid="search-hit">
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <Checkbox
              mt={4}
              size="md"
              checked={selected.has(h.document.id)}
              onChange={() => onToggle(h.document.id)}
              aria-label={t.search.select(h.document.name)}
            />
            <UnstyledButton
              onClick={() => onOpen(toPreview(h.document))}
              style={{ display: 'block', minWidth: 0, flex: 1, minHeight: 24 }}
            >
              {/* Spans shown as blocks: a button holds phrasing content only, never a <p>. */}
              <Text component="span" display="block" fw={600} size="sm">
                <Marked text={h.document.name} terms={terms} />
              </Text>
              <Text component="span" display="block" size="xs" c="dark.5">
                <Marked text={h.type_label} terms={terms} /> · {formatDate(h.document.date)} ·{' '}
                {formatSize(h.document.capacity)}
              </Text>
              {h.snippet && (
                <Text component="span" display="block" size="sm" mt={4} c="dark.6">
                  <Marked text={h.snippet} terms={terms} />
                </Text>
              )}
            </UnstyledButton>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
