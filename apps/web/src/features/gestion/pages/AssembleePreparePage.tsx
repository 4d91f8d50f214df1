import { Alert, Anchor, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AgendaForm } from '../components/AgendaForm';
import { ConvocationPreview } from '../components/ConvocationPreview';
import { QueryState } from '../components/QueryState';
import { ResolutionFiles } from '../components/ResolutionFiles';
import { assembleesFr as t } from '../frAssemblees';
import { may, useConsoleMe } from '../me';
import { useAssemblee, useAssemblees, useSaveAssemblee } from '../queriesAssemblees';

/**
 * Prepare an assembly (`nouvelle`) or go on with one: its date and agenda, then each co-owner's
 * convocation previewed and the convocations sent. Once sent, the agenda is read only.
 */
export default function AssembleePreparePage() {
  const { coproId = '', assembleeId } = useParams();
  const id = assembleeId === 'nouvelle' ? undefined : assembleeId;
  const navigate = useNavigate();
  const me = useConsoleMe().data;
  const canWrite = may(me, 'assemblees.write');
  const ag = useAssemblee(coproId, id);
  const keys = useAssemblees(coproId);
  const save = useSaveAssemblee(coproId, id);
  const content = (data: NonNullable<typeof ag.data> | undefined) => {
    const published = !!data?.published_at;
    return (
      <Stack gap="xl">
        {published ? (
          <Alert color="blue" role="status">
            {t.published}
          </Alert>
        ) : null}
        <QueryState query={keys}>
          {({ repartitions }) => (
            <AgendaForm
              key={data?.id ?? 'new'}
              initial={data}
              keys={repartitions}
              disabled={!canWrite || published}
              saving={save.isPending}
              onSave={async (body) => {
                const saved = await save.mutateAsync(body);
                if (!id) navigate(`/gestion/immeubles/${coproId}/assemblees/${saved.id}`, { replace: true });
              }}
            />
          )}
        </QueryState>
        {data ? <ResolutionFiles coproId={coproId} ag={data} canWrite={canWrite} /> : null}
        {data ? (
          <ConvocationPreview
            coproId={coproId}
            assembleeId={data.id}
            canPublish={canWrite}
            publishedAt={data.published_at}
          />
        ) : null}
      </Stack>
    );
  };
  return (
    <Stack gap="lg" maw={1200}>
      <Anchor
        component={Link}
        to={`/gestion/immeubles/${coproId}/assemblees`}
        size="sm"
        style={{ alignSelf: 'flex-start' }}
      >
        <Group gap={4} component="span" mih={24}>
          <IconArrowLeft size={16} aria-hidden />
          {t.back}
        </Group>
      </Anchor>
      <Title order={1}>{ag.data?.name ?? t.newTitle}</Title>
      {id ? <QueryState query={ag}>{(data) => content(data)}</QueryState> : content(undefined)}
    </Stack>
  );
}
