import { Box, Stack, Tabs, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { FilePreview, type PreviewFile } from '../../../ui/FilePreview';
import { DocumentList } from '../components/DocumentList';
import { Empty, LoadError, Loading } from '../components/PageState';
import { frDocs as t } from '../fr';
import { useDocRecord, useDocumentTypes, useOwnDocuments } from '../queries';

/**
 * 'Mes documents' (SPEC §2.7): a section per document type, a tab bar that scrolls to its
 * section, and the tab following the scroll (scroll-sync).
 */
export default function DocumentFonctionPage() {
  const { record, isLoading } = useDocRecord();
  const types = useDocumentTypes();
  const codes = (types.data ?? []).map((x) => x.code);
  const docs = useOwnDocuments(record?.id, codes);
  const [file, setFile] = useState<PreviewFile | null>(null);
  const sections = (types.data ?? [])
    .map((ty, i) => ({ ...ty, docs: docs[i]?.data ?? [] }))
    .filter((s) => s.docs.length > 0);
  const [active, setActive] = useState<string | null>(null);
  const refs = useRef(new Map<string, HTMLElement>());

  // Scroll-sync: the active tab is the last section whose top passed under the sticky tab bar,
  // or the last section once the page is scrolled to the bottom.
  const sectionCodes = sections.map((x) => x.code).join(',');
  useEffect(() => {
    if (!sectionCodes) return;
    const list = sectionCodes.split(',');
    let frame = 0;
    const update = () => {
      frame = 0;
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      let current = list[0];
      for (const code of list) {
        const el = refs.current.get(code);
        if (el && el.getBoundingClientRect().top <= 140) current = code;
      }
      setActive(atBottom ? list[list.length - 1] : current);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [sectionCodes]);

  const loading = isLoading || types.isLoading || docs.some((q) => q.isLoading);
  const failed = types.isError || docs.some((q) => q.isError);
  const go = (code: string | null) => {
    if (!code) return;
    setActive(code);
    refs.current.get(code)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t.titles.fonctionnement}
      </Title>
      {loading ? (
        <Loading />
      ) : failed ? (
        <LoadError
          retry={() => {
            if (types.isError) types.refetch();
            for (const q of docs) if (q.isError) q.refetch();
          }}
        />
      ) : sections.length === 0 ? (
        <Empty />
      ) : (
        <>
          <Box
            pos="sticky"
            top="var(--app-shell-header-offset, 0px)"
            bg="var(--mantine-color-body)"
            style={{ zIndex: 5 }}
          >
            {/* Each tab controls its section below (the id Mantine derives: `${id}-panel-${value}`). */}
            <Tabs id="doc-types" value={active ?? sections[0].code} onChange={go}>
              <Tabs.List aria-label={t.typeTabs} style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
                {sections.map((s) => (
                  <Tabs.Tab key={s.code} value={s.code} style={{ whiteSpace: 'nowrap' }}>
                    {s.name} ({s.docs.length})
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
          </Box>
          {sections.map((s) => (
            <Box
              key={s.code}
              component="section"
              data-type={s.code}
              id={`doc-types-panel-${s.code}`}
              aria-labelledby={`doc-type-${s.code}`}
              ref={(el: HTMLElement | null) => {
                if (el) refs.current.set(s.code, el);
                else refs.current.delete(s.code);
              }}
              style={{ scrollMarginTop: 110 }}
            >
              <Title order={2} size="h4" mb="xs" id={`doc-type-${s.code}`}>
                {s.name}
              </Title>
              <DocumentList docs={s.docs} onOpen={setFile} />
            </Box>
          ))}
        </>
      )}
      <FilePreview file={file} onClose={() => setFile(null)} />
    </Stack>
  );
}
