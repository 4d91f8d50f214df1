import { Badge, Divider, Drawer, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type BoardDetail,
  formatDate,
  SIGNALEMENT_STATUS_LABELS,
  type SignalementStatus,
} from '@tantieme/contract';
import { boardFr as t } from '../frBoard';
import { useBoardDetail } from '../queriesBoard';
import { QueryState } from './QueryState';
import { AssignForm, CommentForm, MergeForm, MoveForm } from './SignalementForms';

function Timeline({ d }: { d: BoardDetail }) {
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {d.events.map((e) => (
        <Paper
          component="li"
          key={e.id}
          withBorder
          p="xs"
          bg={e.internal ? 'yellow.0' : undefined}
          data-testid="board-event"
        >
          <Text size="xs" c="gray.7">
            {formatDate(e.at)} · {e.author}
            {e.internal ? (
              <Badge ml={6} size="xs" color="yellow" variant="light" tt="none">
                {t.detail.internal}
              </Badge>
            ) : null}
          </Text>
          <Text size="sm" fw={e.kind === 'COMMENT' ? 400 : 600}>
            {e.kind === 'CREATED'
              ? t.detail.created
              : e.kind === 'STATUS' && e.status
                ? t.detail.statusTo(SIGNALEMENT_STATUS_LABELS[e.status as SignalementStatus])
                : e.text}
          </Text>
          {e.kind === 'STATUS' && e.text ? <Text size="sm">{e.text}</Text> : null}
        </Paper>
      ))}
    </Stack>
  );
}

/** One report: what it is, who follows it, its timeline, and the syndic's actions on it. */
export function SignalementPanel({
  coproId,
  id,
  assignable,
  canWrite,
  onClose,
}: {
  coproId: string;
  id: string | null;
  assignable: { id: string; name: string }[];
  canWrite: boolean;
  onClose(): void;
}) {
  const detail = useBoardDetail(coproId, id);
  return (
    <Drawer
      opened={!!id}
      onClose={onClose}
      position="right"
      size="lg"
      title={detail.data?.title ?? t.title}
      closeButtonProps={{ 'aria-label': t.detail.close }}
    >
      {id ? (
        <QueryState query={detail}>
          {(d) => (
            <Stack gap="md" data-testid="signalement-panel">
              <div>
                <Badge variant="light" tt="none" data-testid="panel-status">
                  {SIGNALEMENT_STATUS_LABELS[d.status]}
                </Badge>
                <Text size="sm" mt={4}>
                  {t.detail.place}&nbsp;: {d.place_label} · {t.by(d.author)}
                </Text>
              </div>
              <div>
                <Title order={3} size="h5">
                  {t.detail.description}
                </Title>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {d.description}
                </Text>
              </div>
              <div>
                <Title order={3} size="h5">
                  {t.detail.followers}
                </Title>
                <Text size="sm">
                  {d.supporter_names.length ? d.supporter_names.join(', ') : t.detail.noFollowers}
                </Text>
              </div>
              {canWrite ? (
                <>
                  <Divider />
                  <MoveForm coproId={coproId} d={d} />
                  <AssignForm coproId={coproId} d={d} assignable={assignable} />
                  <CommentForm coproId={coproId} d={d} />
                  <MergeForm coproId={coproId} d={d} />
                </>
              ) : null}
              <Divider />
              <Title order={3} size="h5">
                {t.detail.timeline}
              </Title>
              <Timeline d={d} />
            </Stack>
          )}
        </QueryState>
      ) : null}
    </Drawer>
  );
}
